import type { ChatStore } from "../chat-store/index.js";
import type { CategoryId } from "../schema/category.js";
import type { SalesToolOutput, SalesTools } from "./agent.js";
import { describeIssues, type RawToolCall, SalesToolCall } from "./tool-calls.js";
import type { ToolCallRecord, ToolResult } from "./turn.js";

export interface ToolLog {
  calls: ToolCallRecord[];
  results: ToolResult[];
  formatErrors: string[];
}

export const emptyToolLog = (): ToolLog => ({ calls: [], results: [], formatErrors: [] });

/** Sales tools for one turn, writing every call and its result into `log`. */
export function createSalesTools(store: ChatStore, category: CategoryId, log: ToolLog): SalesTools {
  async function lookupProductItems(query: string) {
    const products = await store.lookupProductItems(category, query);
    log.calls.push({ name: "lookup_product_items", arguments: { query }, valid: true });
    log.results.push({ name: "lookup_product_items", ok: true, ids: products.map((h) => h.product.id) });
    return products;
  }
  async function lookupBuyingGuide(query: string) {
    const passages = await store.lookupBuyingGuide(category, query);
    log.calls.push({ name: "lookup_buying_guide", arguments: { query }, valid: true });
    log.results.push({ name: "lookup_buying_guide", ok: true, ids: passages.map((h) => h.entry.id) });
    return passages;
  }
  async function call(raw: RawToolCall): Promise<SalesToolOutput> {
    const parsed = SalesToolCall.safeParse(raw);
    if (!parsed.success) {
      const error = `${raw.name}: ${describeIssues(parsed.error)}`;
      log.calls.push({ name: raw.name, arguments: raw.arguments, valid: false });
      log.results.push({ name: raw.name, ok: false, ids: [], error });
      log.formatErrors.push(error);
      return { ok: false, error };
    }
    const { name, arguments: args } = parsed.data;
    return name === "lookup_product_items"
      ? { ok: true, name, products: await lookupProductItems(args.query) }
      : { ok: true, name, passages: await lookupBuyingGuide(args.query) };
  }
  return { lookupProductItems, lookupBuyingGuide, call };
}
