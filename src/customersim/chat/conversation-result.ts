import { z } from "zod";
import { CategoryId } from "../schema/category.js";
import { PersonaId } from "../schema/persona.js";
import { ProductId } from "../schema/product.js";
import { Role, Turn } from "./turn.js";

/** Why a conversation stopped: a purchase, the shopper's `end_conversation`, or the turn limit. */
export const ConversationEnding = z.enum(["purchase", "end_conversation", "turn_limit"]);
export type ConversationEnding = z.infer<typeof ConversationEnding>;

export const FormatErrorRecord = z
  .object({ round: z.number().int().min(1), role: Role, message: z.string() })
  .strict();
export type FormatErrorRecord = z.infer<typeof FormatErrorRecord>;

/** A finished conversation: what the metrics read and a runner stores. */
export const ConversationResult = z
  .object({
    personaId: PersonaId,
    category: CategoryId,
    turnLimit: z.number().int().min(1),
    transcript: z.array(Turn),
    /** The product added to the cart (the paper's a(C)), or null for no purchase. */
    purchased: ProductId.nullable(),
    /** Every product the salesperson recommended (the paper's R(C)), in first-recommendation order. */
    recommended: z.array(ProductId),
    ending: ConversationEnding,
    /** Shopper turns taken. */
    rounds: z.number().int().min(1),
    formatErrors: z.array(FormatErrorRecord),
    /** Some shopper tool call failed its schema or named an unknown product (Fmt.). */
    shopperFormatError: z.boolean(),
    /** The shopper took a terminal action in its first turn (End.). */
    endedAtFirstTurn: z.boolean(),
  })
  .strict();
export type ConversationResult = z.infer<typeof ConversationResult>;
