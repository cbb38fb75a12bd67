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

/** A sales turn's log: its calls, and the products its valid `recommend` calls named, in order. */
export interface SalesToolLog extends ToolLog {
  recommended: string[];
}

export const emptyToolLog = (): ToolLog => ({ calls: [], results: [], formatErrors: [] });
export const emptySalesToolLog = (): SalesToolLog => ({ ...emptyToolLog(), recommended: [] });

function recordFailure(log: ToolLog, name: string, args: unknown, error: string): SalesToolOutput {
  log.calls.push({ name, arguments: args, valid: false });
  log.results.push({ name, ok: false, ids: [], error });
  log.formatErrors.push(error);
  return { ok: false, error };
}

/** Sales tools for one turn, writing every call and its result into `log`. */
export function createSalesTools(store: ChatStore, category: CategoryId, log: SalesToolLog): SalesTools {
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
  function recommend(productIds: readonly string[]): SalesToolOutput {
    const args = { product_ids: [...productIds] };
    const ids = [...new Set(productIds.map((id) => id.trim()))];
    const products = ids.map((id) => store.product(id));
    const unknown = ids.filter((_, i) => products[i]?.category !== category);
    if (!ids.length) return recordFailure(log, "recommend", args, "recommend: product_ids: no product");
    if (unknown.length)
      return recordFailure(
        log,
        "recommend",
        args,
        `recommend: unknown product ${unknown.map((id) => `"${id}"`).join(", ")} (not a ${category} product id)`,
      );
    log.calls.push({ name: "recommend", arguments: args, valid: true });
    log.results.push({ name: "recommend", ok: true, ids });
    log.recommended.push(...ids);
    return { ok: true, name: "recommend", products: products.filter((p) => p !== undefined) };
  }
  async function call(raw: RawToolCall): Promise<SalesToolOutput> {
    const parsed = SalesToolCall.safeParse(raw);
    if (!parsed.success)
      return recordFailure(log, raw.name, raw.arguments, `${raw.name}: ${describeIssues(parsed.error)}`);
    const c = parsed.data;
    if (c.name === "recommend") return recommend(c.arguments.product_ids);
    return c.name === "lookup_product_items"
      ? { ok: true, name: c.name, products: await lookupProductItems(c.arguments.query) }
      : { ok: true, name: c.name, passages: await lookupBuyingGuide(c.arguments.query) };
  }
  return { lookupProductItems, lookupBuyingGuide, recommend, call };
}
