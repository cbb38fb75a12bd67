import { StoreKnowledge } from "../../agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../../agents/prompts/prompt-set.js";
import { builtinRoles } from "../../agents/role-registry.js";
import type { ShopperOutput, ShopperPolicy } from "../../agents/types.js";
import type { EnvId } from "../../core/manifest.js";
import { LlmClient } from "../../llm/client.js";
import type { ParticipantBriefing, ParticipantState } from "../participant-api.js";
import { shopperContext } from "../simulated-participant.js";

/**
 * What the rule shopper would do in a participant's turn: the decisions a test makes a browser
 * click through (one fresh policy per interaction, as in a run).
 */
export class RuleOracle {
  private policy: { index: number; policy: ShopperPolicy } | undefined;

  async next(state: ParticipantState, briefing: ParticipantBriefing): Promise<ShopperOutput> {
    const i = state.interaction!;
    if (this.policy?.index !== i.index) {
      const policy = builtinRoles()
        .resolve("shopper", "rule")
        .create({
          knowledge: await StoreKnowledge.load(state.study.env as EnvId),
          task: briefing.task,
          seed: 0,
          condition: "full",
          client: new LlmClient({ noCache: true }),
          prompts: builtinPrompts(),
        });
      this.policy = { index: i.index, policy };
    }
    return (await this.policy.policy.act(shopperContext(state, briefing, state.turn!, Buffer.alloc(0))))
      .output;
  }
}
