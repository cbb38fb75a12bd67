import type { Product } from "../schema/product.js";
import { emptyToolLog, type ToolLog } from "./sales-tools.js";
import { describeIssues, type RawToolCall, ShopperToolCall } from "./tool-calls.js";

export type ShopperDecision = { kind: "purchase"; productId: string } | { kind: "end" };

export interface ShopperActions extends ToolLog {
  /** The first valid decision of the turn; later calls are recorded but have no effect. */
  decision?: ShopperDecision;
}

// The paper's prompt asks for the product *name*; an id or the exact name (any case) both resolve.
function resolveProduct(ref: string, products: readonly Product[]): Product | undefined {
  const key = ref.trim().toLowerCase();
  return products.find((p) => p.id === ref.trim() || p.name.toLowerCase() === key);
}

/** Validates a shopper turn's tool calls against the schemas and the category's products. */
export function readShopperActions(
  raw: readonly RawToolCall[],
  products: readonly Product[],
): ShopperActions {
  const out: ShopperActions = emptyToolLog();
  for (const call of raw) {
    const parsed = ShopperToolCall.safeParse(call);
    const fail = (error: string) => {
      out.calls.push({ name: call.name, arguments: call.arguments, valid: false });
      out.results.push({ name: call.name, ok: false, ids: [], error });
      out.formatErrors.push(error);
    };
    if (!parsed.success) {
      fail(`${call.name}: ${describeIssues(parsed.error)}`);
      continue;
    }
    if (parsed.data.name === "end_conversation") {
      out.calls.push({ name: call.name, arguments: parsed.data.arguments, valid: true });
      out.results.push({ name: call.name, ok: true, ids: [] });
      out.decision ??= { kind: "end" };
      continue;
    }
    const product = resolveProduct(parsed.data.arguments.product_id, products);
    if (!product) {
      fail(`add_to_cart: unknown product "${parsed.data.arguments.product_id}"`);
      continue;
    }
    out.calls.push({ name: call.name, arguments: parsed.data.arguments, valid: true });
    out.results.push({ name: call.name, ok: true, ids: [product.id] });
    out.decision ??= { kind: "purchase", productId: product.id };
  }
  return out;
}
