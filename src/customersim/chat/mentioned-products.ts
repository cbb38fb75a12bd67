import type { Product } from "../schema/product.js";

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Products whose id or full name (any case) a text names, in order of first mention. A diagnostic
 * only: naming a product ("I would NOT recommend … (fc-017)") is not recommending it.
 */
export function mentionedProducts(text: string, products: readonly Product[]): string[] {
  const lower = text.toLowerCase();
  const at = (p: Product) => {
    const byId = new RegExp(`\\b${escaped(p.id)}\\b`).exec(text)?.index ?? -1;
    const byName = lower.indexOf(p.name.toLowerCase());
    const found = [byId, byName].filter((i) => i >= 0);
    return found.length ? Math.min(...found) : -1;
  };
  return products
    .map((p) => ({ id: p.id, at: at(p) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((m) => m.id);
}
