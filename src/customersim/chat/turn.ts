import { z } from "zod";
import { ProductId } from "../schema/product.js";

export const Role = z.enum(["shopper", "sales"]);
export type Role = z.infer<typeof Role>;

/** A tool call as recorded in the transcript, valid or not. */
export const ToolCallRecord = z
  .object({ name: z.string(), arguments: z.unknown(), valid: z.boolean() })
  .strict();
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

/** What a tool returned: the ids it answered with (products or guide passages), or why it failed. */
export const ToolResult = z
  .object({ name: z.string(), ok: z.boolean(), ids: z.array(z.string()), error: z.string().optional() })
  .strict();
export type ToolResult = z.infer<typeof ToolResult>;

/** One message of the conversation with everything the metrics need from it. */
export const Turn = z
  .object({
    /** Position in the transcript, from 0. */
    index: z.number().int().min(0),
    /** The shopper turn that opened this exchange, from 1 (the paper's "turn 1"). */
    round: z.number().int().min(1),
    role: Role,
    text: z.string(),
    toolCalls: z.array(ToolCallRecord),
    /** One per tool call, in order. */
    toolResults: z.array(ToolResult),
    /**
     * Products the salesperson recommended in this turn through a structured channel (its `recommend`
     * tool or its reply's ids, never its text), in first-recommendation order; empty for shopper turns.
     */
    recommended: z.array(ProductId),
    /** Tool calls that failed their schema or named an unknown product (the paper's Fmt.). */
    formatErrors: z.array(z.string()),
    /**
     * The agent's private reasoning in this turn (its `<reasoning>`/`<think>` blocks), what R_reason
     * judges; the other side never sees it. Absent when it wrote none (and in runs stored before it).
     */
    reasoning: z.string().optional(),
    /**
     * A sales turn's diagnostic: products its text names (id or full name) that it did not recommend.
     * They are not in R(C); many of them mean a salesperson that forgets its `recommend` tool.
     */
    mentionedNotRecommended: z.array(ProductId).optional(),
  })
  .strict();
export type Turn = z.infer<typeof Turn>;
