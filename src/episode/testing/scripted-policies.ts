import type {
  AssistantAction,
  AssistantContext,
  AssistantOutput,
  AssistantPolicy,
  ModeratorPolicy,
  PolicyReply,
  ShopperContext,
  ShopperOutput,
  ShopperPolicy,
} from "../../agents/types.js";
import type { ToolCall } from "../../core/dialogue.js";

/** An assistant that says the same kind of thing every turn, with the action a test chooses per turn. */
export class ScriptedAssistant implements AssistantPolicy {
  readonly id = "scripted";
  constructor(
    private readonly actFor: (turn: number) => AssistantAction = () => ({ type: "AskPreference" }),
  ) {}

  async act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>> {
    const act = this.actFor(ctx.turn);
    return {
      output: {
        utterance:
          act.type === "Recommend" ? `How about the ${act.display_name}?` : "What are you looking for?",
        assistant_actions: [act],
        expected_user_action: { name: "idle", arguments: {} },
        ranking: [],
        tool_calls: [],
      },
      calls: [],
    };
  }
}

/** A shopper whose call each turn is a function of its context. */
export class ScriptedShopper implements ShopperPolicy {
  readonly id = "scripted";
  constructor(private readonly callFor: (ctx: ShopperContext) => ToolCall) {}

  async act(ctx: ShopperContext): Promise<PolicyReply<ShopperOutput>> {
    return { output: { utterance: "Okay.", tool_call: this.callFor(ctx) }, calls: [] };
  }
}

/** A moderator that never stops, or stops from a given turn on. */
export class ScriptedModerator implements ModeratorPolicy {
  readonly id = "scripted";
  asked = 0;
  constructor(private readonly stopFromAsk = Number.POSITIVE_INFINITY) {}

  async decide(): Promise<PolicyReply<{ decision: "yes" | "no" }>> {
    this.asked++;
    return { output: { decision: this.asked >= this.stopFromAsk ? "yes" : "no" }, calls: [] };
  }
}
