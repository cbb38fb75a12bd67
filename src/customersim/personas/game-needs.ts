import type { Product } from "../schema/product.js";
import { article, attrs, type CriterionKind, criterion, type Need, prop } from "./need.js";

const a = (p: Product, key: string) => attrs(p)[key];

const platform: CriterionKind = (p) => {
  const value = String(a(p, "platform"));
  const text = value === "Tabletop" ? "Must be a tabletop (board or card) game" : `Must be for ${value}`;
  return criterion(text, { kind: "attr", attr: "platform", op: "==", value });
};
const childAge: CriterionKind = (p, rng) => {
  const youngest = Math.max(Number(a(p, "minAge")), 4);
  if (youngest > 12) return undefined;
  const age = rng.int(youngest, 12);
  return criterion(`Must be suitable for ${article(`${age}-year-old`)}`, {
    kind: "attr",
    attr: "minAge",
    op: "<=",
    value: age,
  });
};
const notMature: CriterionKind = (p) =>
  a(p, "ageRating") !== "M"
    ? criterion("Nothing rated M (Mature)", { kind: "attr", attr: "ageRating", op: "!=", value: "M" })
    : undefined;
const noTheme =
  (theme: string, text: string): CriterionKind =>
  (p) =>
    (a(p, "themes") as string[]).includes(theme)
      ? undefined
      : criterion(text, { kind: "attr", attr: "themes", op: "excludes", value: theme });
const sports: CriterionKind = (p) =>
  (a(p, "themes") as string[]).includes("sports")
    ? criterion("Must have a sports theme", { kind: "attr", attr: "themes", op: "includes", value: "sports" })
    : undefined;
const players: CriterionKind = (p) => {
  const max = Number(a(p, "playersMax"));
  return max >= 4
    ? criterion("Must support at least 4 players", { kind: "attr", attr: "playersMax", op: ">=", value: 4 })
    : undefined;
};
const genre: CriterionKind = (p) => {
  const value = String(a(p, "genre"));
  const noun = /\bgame$/.test(value) ? value : `${value} game`;
  return criterion(`Must be ${article(noun)}`, { kind: "attr", attr: "genre", op: "==", value });
};

const game = () => "a game";
const all = () => true;

/** The reasons game shoppers shop (authored). */
export const GAME_NEEDS: Need[] = [
  {
    id: "kid-gift",
    use: "as a birthday present for a child",
    pool: all,
    shoppingFor: game,
    fixed: [platform, childAge],
    options: [
      noTheme("violent", "No violent games"),
      prop("localMultiplayer"),
      noTheme("horror", "Nothing scary"),
    ],
    ages: [28, 75],
  },
  {
    id: "family-night",
    use: "for family game night",
    pool: all,
    shoppingFor: game,
    fixed: [platform, prop("localMultiplayer")],
    options: [players, prop("kidFriendly"), notMature, prop("coOp")],
    ages: [28, 70],
  },
  {
    id: "couple-co-op",
    use: "to play together with a partner",
    pool: all,
    shoppingFor: game,
    fixed: [platform, prop("coOp")],
    options: [prop("localMultiplayer"), notMature, noTheme("horror", "Nothing scary")],
  },
  {
    id: "sports-fan",
    use: "as a big sports fan",
    pool: all,
    shoppingFor: game,
    fixed: [platform, sports],
    options: [prop("onlineMultiplayer"), prop("localMultiplayer"), notMature],
  },
  {
    id: "solo",
    use: "to unwind alone in the evenings",
    pool: all,
    shoppingFor: game,
    fixed: [platform, prop("soloPlayable")],
    options: [genre, notMature, noTheme("violent", "No violent games")],
    ages: [16, 70],
  },
  {
    id: "online-friends",
    use: "to play online with friends who live far away",
    pool: all,
    shoppingFor: game,
    fixed: [platform, prop("onlineMultiplayer")],
    options: [prop("coOp"), genre, notMature],
    ages: [16, 45],
  },
  {
    id: "party",
    use: "for parties with a big group of friends",
    pool: all,
    shoppingFor: game,
    fixed: [prop("partyGame")],
    options: [prop("screenFree"), notMature, platform],
  },
  {
    id: "travel",
    use: "to play on long trips",
    pool: all,
    shoppingFor: game,
    fixed: [prop("portable")],
    options: [prop("kidFriendly"), prop("localMultiplayer"), genre],
  },
];
