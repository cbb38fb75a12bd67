import { z } from "zod";

/** A tool call as an agent emitted it, before validation: a name and whatever arguments it gave. */
export const RawToolCall = z.object({ name: z.string(), arguments: z.unknown() });
export type RawToolCall = z.infer<typeof RawToolCall>;

export const AddToCartCall = z
  .object({
    name: z.literal("add_to_cart"),
    arguments: z.object({ product_id: z.string().min(1) }).strict(),
  })
  .strict();
export type AddToCartCall = z.infer<typeof AddToCartCall>;

export const EndConversationCall = z
  .object({ name: z.literal("end_conversation"), arguments: z.object({}).strict().default({}) })
  .strict();
export type EndConversationCall = z.infer<typeof EndConversationCall>;

export const LookupBuyingGuideCall = z
  .object({
    name: z.literal("lookup_buying_guide"),
    arguments: z.object({ query: z.string().min(1) }).strict(),
  })
  .strict();
export type LookupBuyingGuideCall = z.infer<typeof LookupBuyingGuideCall>;

export const LookupProductItemsCall = z
  .object({
    name: z.literal("lookup_product_items"),
    arguments: z.object({ query: z.string().min(1) }).strict(),
  })
  .strict();
export type LookupProductItemsCall = z.infer<typeof LookupProductItemsCall>;

/** The salesperson's structured recommendation channel: what it passes here is R(C), nothing else. */
export const RecommendCall = z
  .object({
    name: z.literal("recommend"),
    arguments: z.object({ product_ids: z.array(z.string().min(1)).min(1) }).strict(),
  })
  .strict();
export type RecommendCall = z.infer<typeof RecommendCall>;

/** The shopper's decision tools (§2.2): both end the conversation. */
export const ShopperToolCall = z.discriminatedUnion("name", [AddToCartCall, EndConversationCall]);
export type ShopperToolCall = z.infer<typeof ShopperToolCall>;

/** The sales agent's category-restricted retrieval tools and its recommendation tool. */
export const SalesToolCall = z.discriminatedUnion("name", [
  LookupBuyingGuideCall,
  LookupProductItemsCall,
  RecommendCall,
]);
export type SalesToolCall = z.infer<typeof SalesToolCall>;

export const SHOPPER_TOOL_NAMES = ["add_to_cart", "end_conversation"] as const;
export const SALES_TOOL_NAMES = ["lookup_buying_guide", "lookup_product_items", "recommend"] as const;

/** A zod failure as one line, for a format error's message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "call"}: ${i.message}`).join("; ");
}
