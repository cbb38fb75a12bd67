import type { CategoryId } from "../schema/category.js";
import type { KnowledgeBase } from "../schema/knowledge.js";
import type { Catalog } from "../schema/product.js";
import { wordTokens } from "./text-units.js";

/**
 * Attribute words shoppers use across product domains (colour, size, material, fit, price,
 * performance, comfort, durability, power, connectivity). A clause with one of these states a
 * desired attribute. Product-type nouns ("jeans", "laptop") are left out on purpose: naming what one
 * shops for is the request, not a criterion.
 */
export const GENERIC_ATTRIBUTE_WORDS: ReadonlySet<string> = new Set(
  `black white grey gray red blue green yellow orange pink purple brown beige navy cream colour color colors
   colours pastel neutral bright dark size sizes small medium large petite tall fit fitted loose tight slim
   skinny relaxed oversized stretch stretchy cotton wool linen silk leather polyester nylon denim fabric
   material materials waterproof water-resistant breathable moisture-wicking warm cool lightweight light heavy
   weight compact portable durable sturdy reliable comfortable comfort soft cushioning cushioned support
   supportive grip quality cheap cheaper affordable inexpensive expensive price priced budget cost dollars
   sale value brand style stylish casual formal sporty classic modern vintage design look battery charge
   charging range power powerful performance fast faster speed quick smooth quiet screen display resolution
   storage memory ram ssd processor cpu gpu graphics keyboard touchscreen camera lens zoom sensor megapixel
   autofocus stabilization gps heart-rate sleep tracking tracker waterproofing app apps bluetooth wifi wireless
   cellular compatible compatibility iphone android ios windows mac macos chromebook multiplayer co-op
   single-player genre rating family-friendly kids online offline gears brakes frame tires suspension hybrid
   electric e-bike motor assist terrain trail road commute commuting hills climbs distance miles mileage
   running training marathon gaming editing travel travelling outdoor indoor hiking beginner beginners
   professional easy simple durable long-lasting lasting warranty eco-friendly sustainable organic recycled`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

const STOPWORDS = new Set(["and", "or", "the", "with", "of", "in", "on", "for", "to", "a", "an", "type"]);

const camelWords = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

function attributeStrings(attributes: Record<string, unknown>): string[] {
  return Object.entries(attributes).flatMap(([key, value]) => {
    // The type names the product asked for, and a hex code is no word a shopper says.
    if (key === "type" || key === "colorHex") return [];
    const values = Array.isArray(value) ? value : [value];
    return [camelWords(key), ...values.filter((v): v is string => typeof v === "string")];
  });
}

/**
 * The generic words plus a CustomerSim category's own: its products' brands, attribute names and string
 * values (colours, fibres, sensors, genres …) and its knowledge properties' labels.
 */
export function categoryAttributeVocabulary(
  category: CategoryId,
  data: { catalog: Catalog; knowledge: KnowledgeBase },
): Set<string> {
  const texts = data.catalog.products
    .filter((p) => p.category === category)
    .flatMap((p) => [p.brand, ...attributeStrings(p.attributes)]);
  const labels = data.knowledge.categories
    .filter((k) => k.category === category)
    .flatMap((k) => k.properties.map((p) => p.label));
  const words = [...texts, ...labels].flatMap(wordTokens).filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return new Set([...GENERIC_ATTRIBUTE_WORDS, ...words]);
}
