import { z } from "zod";
import type { NativeToolCall, ToolSpec } from "../../llm/tools.js";
import type { RawToolCall } from "../chat/index.js";
import {
  AddToCartCall,
  EndConversationCall,
  LookupBuyingGuideCall,
  LookupProductItemsCall,
  RecommendCall,
} from "../chat/index.js";

type ArgsSchema = z.ZodObject<z.ZodRawShape>;

/** The chat layer's argument schema as JSON Schema, with a description for each parameter. */
function parametersOf(schema: ArgsSchema, described: Record<string, string>): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: "input" }) as { properties?: Record<string, object> };
  const { $schema: _, ...rest } = json as Record<string, unknown>;
  const properties = Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([k, v]) => [
      k,
      described[k] ? { ...v, description: described[k] } : v,
    ]),
  );
  return { ...rest, type: "object", properties };
}

/** The shopper's decision tools (§2.2, Appendix B.1). */
export const SHOPPER_TOOL_SPECS: ToolSpec[] = [
  {
    name: "add_to_cart",
    description:
      "Buy a product the salesperson recommended. This ends the conversation: call it only when you have decided to buy.",
    inputSchema: parametersOf(AddToCartCall.shape.arguments as ArgsSchema, {
      product_id: "The product's id as the salesperson gave it (e.g. fc-017), or its exact full name.",
    }),
  },
  {
    name: "end_conversation",
    description:
      "Leave without buying anything. This ends the conversation: call it only when you are done looking.",
    inputSchema: parametersOf(EndConversationCall.shape.arguments.unwrap() as unknown as ArgsSchema, {}),
  },
];

/**
 * The sales agent's recommendation channel: the products it passes here are R(C) of equation (1).
 * Text mentions never count, so "I would not recommend the X (fc-017)" recommends nothing.
 */
export const RECOMMEND_TOOL_SPEC: ToolSpec = {
  name: "recommend",
  description:
    "Recommend products to the shopper, by id, best first. Call it for every product you recommend in your message (and only those): the shopper sees them with their pictures and may buy them.",
  inputSchema: parametersOf(RecommendCall.shape.arguments as ArgsSchema, {
    product_ids: "The recommended products' ids as the search returned them (e.g. fc-017), best first.",
  }),
};

/** The sales agent's category-restricted retrieval tools (Appendix B.1) and its `recommend` tool. */
export const SALES_TOOL_SPECS: ToolSpec[] = [
  {
    name: "lookup_buying_guide",
    description:
      "Search this category's buying guide: feature definitions, buying criteria and comparisons. Returns the top 4 related passages (fewer when fewer are related).",
    inputSchema: parametersOf(LookupBuyingGuideCall.shape.arguments as ArgsSchema, {
      query: "What to look up, in natural language.",
    }),
  },
  {
    name: "lookup_product_items",
    description:
      "Search the store's products in this category. Returns the top 4 related matches (fewer when fewer are related) with their descriptions and attributes.",
    inputSchema: parametersOf(LookupProductItemsCall.shape.arguments as ArgsSchema, {
      query: "The products wanted, in natural language (type, features, budget, …).",
    }),
  },
  RECOMMEND_TOOL_SPEC,
];

/** A native call as the chat layer's raw call: the arguments as the model gave them (text if not JSON). */
export const rawCallOf = (call: NativeToolCall): RawToolCall => ({ name: call.name, arguments: call.input });
