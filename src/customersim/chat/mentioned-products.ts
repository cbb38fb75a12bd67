import type { Product } from "../schema/product.js";

/** Products whose id or full name a text mentions, in catalog order (for replies without ids). */
export function mentionedProducts(text: string, products: readonly Product[]): string[] {
  const lower = text.toLowerCase();
  return products
    .filter((p) => new RegExp(`\\b${p.id}\\b`).test(text) || lower.includes(p.name.toLowerCase()))
    .map((p) => p.id);
}
