import type { SalesToolOutput } from "../chat/index.js";
import { CATEGORIES, type CategoryId } from "../schema/category.js";
import type { Product } from "../schema/product.js";

/**
 * The salesperson's system prompt. The paper runs a fixed GPT-5.2 sales agent with the two retrieval
 * tools (§2.2, Appendix B.1) but does not print its prompt; this one states the role, the tools and
 * the rules the paper's setting implies: retrieve before recommending, ground every claim in what was
 * retrieved, be honest when nothing fits. What it recommends (R(C) of equation (1)) is what it passes
 * to the `recommend` tool, never what its text names, so the prompt asks for a call per recommendation.
 */
export function salesSystemPrompt(category: CategoryId): string {
  const label = CATEGORIES[category].label;
  return `You are a digital salesperson for an online store, chatting with a shopper who is looking for a product in the store's ${label} category. Help them find a product that fits their needs.

Some rules to follow:

- Use the lookup_product_items function to search the store's ${label} products, and the lookup_buying_guide function for background knowledge: feature definitions, buying criteria and comparisons. Each returns at most 4 matches, fewer when fewer are related to the query; search again with other words when they do not fit.
- Recommend only products that your searches returned, and describe them truthfully from their listed details. Never invent features, prices or availability.
- Every time you recommend products, call the recommend function with their ids (e.g. ["sw-012", "sw-031"]), best first, in the same reply as your message. Only products passed to recommend count as recommended and are shown to the shopper with their pictures; do not pass products you mention only to compare with or to advise against. Recommend at most 4 products per message.
- In your message, give each recommended product's full name, its id in parentheses, e.g. "Trail Runner Watch (sw-012)", and its price.
- Ask about the shopper's needs, budget and must-haves when they are unclear.
- If nothing in the store meets the shopper's requirements, say so honestly and recommend nothing.
- Only the shopper can add a product to the cart or end the conversation.`;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (value !== null && typeof value === "object")
    return Object.entries(value)
      .map(([k, v]) => `${k} ${valueText(v)}`)
      .join(", ");
  return String(value);
}

/** A retrieved product as the tool returns it: id, name, price, description, features and attributes. */
export function productText(p: Product): string {
  const attributes = Object.entries(p.attributes as Record<string, unknown>)
    .filter(([k]) => !k.endsWith("Hex"))
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join("; ");
  return [
    `${p.name} (id ${p.id}), by ${p.brand}, $${p.price.toFixed(2)}`,
    p.description,
    `Features: ${p.features.join("; ")}`,
    `Attributes: ${attributes}`,
  ].join("\n");
}

/** A sales tool's result as the model reads it (an invalid call's error included). */
export function salesToolOutputText(out: SalesToolOutput): string {
  if (!out.ok) return `error: ${out.error}`;
  if (out.name === "recommend")
    return `Recommended ${out.products.map((p) => p.id).join(", ")}: the shopper sees them with their pictures.`;
  if (out.name === "lookup_product_items")
    return out.products.length
      ? out.products.map((h) => productText(h.product)).join("\n\n")
      : "No products found.";
  return out.passages.length
    ? out.passages.map((h) => `${h.entry.title} [${h.entry.id}]\n${h.entry.text}`).join("\n\n")
    : "No buying-guide passages found.";
}
