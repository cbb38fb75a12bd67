import type { CategoryId } from "../schema/category.js";
import type { Product } from "../schema/product.js";
import { type QueryWord, queryClauses } from "./query-reading.js";

/**
 * The kinds of product a query can name, and the words that name them: an apparel product's `type`
 * and a game's `platform`. Laptops and smart watches have none (every product is what was asked
 * for). A query that names kinds is only answered with products of those kinds: "jeans" never
 * brings leggings, "Must be for Xbox Series X|S" never a PC game.
 */
const APPAREL_WORDS: Record<string, readonly string[]> = {
  jeans: ["jeans", "jean"],
  leggings: ["leggings", "legging", "tights"],
  "t-shirt": ["t shirt", "t shirts", "tshirt", "tshirts", "tee", "tees"],
  "tank top": ["tank top", "tank tops", "tank", "tanks", "cami", "camisole"],
  "sports bra": ["sports bra", "sports bras", "sport bra", "bra", "bras"],
  blouse: ["blouse", "blouses"],
  dress: ["dress", "dresses"],
  skirt: ["skirt", "skirts"],
  sweater: ["sweater", "sweaters", "jumper", "jumpers", "pullover", "turtleneck", "crewneck sweater"],
  cardigan: ["cardigan", "cardigans"],
  hoodie: ["hoodie", "hoodies", "hoody", "hooded sweatshirt", "sweatshirt", "sweatshirts"],
  joggers: ["joggers", "jogger", "sweatpants", "sweatpant", "track pants"],
  shorts: ["shorts"],
  "rain jacket": [
    "rain jacket",
    "rain jackets",
    "raincoat",
    "raincoats",
    "rain coat",
    "rain shell",
    "anorak",
  ],
  "puffer jacket": [
    "puffer jacket",
    "puffer jackets",
    "puffer",
    "puffers",
    "down jacket",
    "parka",
    "puffer vest",
  ],
  blazer: ["blazer", "blazers", "sport coat", "suit jacket"],
  chinos: ["chinos", "chino", "khakis"],
  "polo shirt": ["polo shirt", "polo shirts", "polo", "polos"],
  "button-down shirt": [
    "button down shirt",
    "button down shirts",
    "button down",
    "button up shirt",
    "button up",
    "dress shirt",
    "oxford shirt",
  ],
};

/** Words for several kinds at once ("pants" is any of them). */
const APPAREL_GROUPS: Record<string, readonly string[]> = {
  pants: ["jeans", "chinos", "joggers", "leggings"],
  trousers: ["jeans", "chinos", "joggers"],
  jacket: ["rain jacket", "puffer jacket", "blazer"],
  jackets: ["rain jacket", "puffer jacket", "blazer"],
  coat: ["rain jacket", "puffer jacket"],
  shirt: ["t-shirt", "polo shirt", "button-down shirt", "blouse"],
  shirts: ["t-shirt", "polo shirt", "button-down shirt", "blouse"],
  top: ["t-shirt", "tank top", "blouse"],
  tops: ["t-shirt", "tank top", "blouse"],
};

const GAME_WORDS: Record<string, readonly string[]> = {
  "Nintendo Switch": ["nintendo switch", "switch", "nintendo"],
  "Xbox Series X|S": ["xbox series x s", "xbox"],
  PC: ["pc", "windows", "steam"],
  "PlayStation 5": ["playstation 5", "playstation", "ps5"],
  Tabletop: ["tabletop", "board game", "board games", "card game", "card games", "board or card"],
};

/** Every phrase of a category with the kinds it names, longest first (so "dress shirt" beats "dress"). */
function phrasesOf(words: Record<string, readonly string[]>, groups: Record<string, readonly string[]> = {}) {
  const entries: [string[], string[]][] = [
    ...Object.entries(words).flatMap(([kind, ws]) =>
      ws.map((w): [string[], string[]] => [w.split(" "), [kind]]),
    ),
    ...Object.entries(groups).map(([w, kinds]): [string[], string[]] => [w.split(" "), [...kinds]]),
  ];
  return entries.sort((a, b) => b[0].length - a[0].length);
}

const APPAREL = phrasesOf(APPAREL_WORDS, APPAREL_GROUPS);
const PHRASES: Partial<Record<CategoryId, ReturnType<typeof phrasesOf>>> = {
  "female-clothing": APPAREL,
  "male-clothing": APPAREL,
  games: phrasesOf(GAME_WORDS),
};

/** The product's kind (its `type` or `platform`), for the categories that have kinds. */
export function productKind(product: Product): string | undefined {
  const a = product.attributes as Record<string, unknown>;
  const kind = PHRASES[product.category] ? (a.type ?? a.platform) : undefined;
  return typeof kind === "string" ? kind : undefined;
}

/**
 * The kinds a query asks for, or null when it names none (then every kind is related). A negated
 * mention ("no jeans", "not a PC game") asks for nothing.
 */
export function kindsNamed(category: CategoryId, query: string): ReadonlySet<string> | null {
  const phrases = PHRASES[category];
  if (!phrases) return null;
  const kinds = new Set<string>();
  for (const clause of queryClauses(query)) {
    const words: (QueryWord | null)[] = [...clause];
    for (const [phrase, named] of phrases) {
      for (let i = 0; i + phrase.length <= words.length; i++) {
        if (!phrase.every((w, j) => words[i + j]?.word === w)) continue;
        if (!words[i]!.negated) for (const k of named) kinds.add(k);
        words.fill(null, i, i + phrase.length);
      }
    }
  }
  return kinds.size ? kinds : null;
}
