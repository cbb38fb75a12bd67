import type { GuideEntry } from "../schema/guide.js";
import type { Product } from "../schema/product.js";
import type { IndexDoc } from "./ranked-index.js";

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(" ");
  if (value !== null && typeof value === "object") return Object.values(value).map(valueText).join(" ");
  return String(value);
}

// Hex colours and booleans are noise to a text query; keys make "pockets" or "gps" findable.
function attributeText(attributes: Record<string, unknown>): string {
  return Object.entries(attributes)
    .filter(([key]) => key !== "colorHex")
    .map(([key, value]) => (typeof value === "boolean" ? (value ? key : "") : valueText(value)))
    .join(" ");
}

/** The searchable text of a product: name, brand, description, features and attribute values. */
export function productDoc(product: Product): IndexDoc {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    description: product.description,
    features: product.features.join(" "),
    attributes: attributeText(product.attributes as Record<string, unknown>),
  };
}

export const PRODUCT_FIELDS = ["name", "brand", "description", "features", "attributes"] as const;

/** The searchable text of a buying-guide passage. */
export function guideDoc(entry: GuideEntry): IndexDoc {
  return { id: entry.id, title: entry.title, text: entry.text };
}

export const GUIDE_FIELDS = ["title", "text"] as const;
