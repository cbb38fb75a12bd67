import type { ModeratorContext, ModeratorOutput, ModeratorPolicy, PolicyReply } from "../types.js";

const GIVES_UP =
  /\b(thanks anyway|another time|come back later|give up|never ?mind|forget it|i'?ll (?:look|shop) elsewhere|i'?m leaving|that'?s all for today)\b/i;
const CLOSES = /\b(goodbye|bye|have a (?:nice|good|great) day|see you)\b/i;

/**
 * The built-in moderator (Appendix B.3): ends the episode when the shopper clearly gives up or
 * leaves, or when both sides are saying goodbye; otherwise the episode goes on.
 */
export class RuleModerator implements ModeratorPolicy {
  readonly id = "rule";

  async decide(ctx: ModeratorContext): Promise<PolicyReply<ModeratorOutput>> {
    if (GIVES_UP.test(ctx.shopperUtterance))
      return { output: { decision: "yes", reason: "the shopper gave up" }, calls: [] };
    if (CLOSES.test(ctx.shopperUtterance) && CLOSES.test(ctx.assistantUtterance)) {
      return { output: { decision: "yes", reason: "both sides closed the conversation" }, calls: [] };
    }
    return { output: { decision: "no" }, calls: [] };
  }
}
