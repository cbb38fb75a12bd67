import type { ConversationResult } from "../chat/index.js";

/** Auxiliary R_format: 1 when no shopper tool call was malformed (the paper's Fmt.), else 0. */
export const formatReward = (result: ConversationResult): 0 | 1 => (result.shopperFormatError ? 0 : 1);
