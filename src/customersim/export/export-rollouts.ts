import type { ConversationResult } from "../chat/index.js";
import { type TrajectoryRewardOptions, trajectoryReward } from "../rewards/index.js";
import type { Persona } from "../schema/persona.js";
import { conversationMessages, type MessageOptions } from "./conversation-messages.js";
import { type ExportFormat, GrpoRow, SftRow } from "./row-schemas.js";

const metadata = (r: ConversationResult) => ({
  persona_id: r.personaId,
  category: r.category,
  ending: r.ending,
  purchased: r.purchased,
  rounds: r.rounds,
});

/** One conversation as an SFT row. */
export function sftRow(result: ConversationResult, persona: Persona, options: MessageOptions = {}): SftRow {
  const { prompt, conversation } = conversationMessages(result, persona, options);
  return SftRow.parse({ messages: [...prompt, ...conversation], ...metadata(result) });
}

export type GrpoRowOptions = MessageOptions & Omit<TrajectoryRewardOptions, "persona">;

/** One conversation as a GRPO row with its trajectory reward; the group is the persona. */
export async function grpoRow(
  result: ConversationResult,
  persona: Persona,
  options: GrpoRowOptions = {},
): Promise<GrpoRow> {
  const { prompt, conversation } = conversationMessages(result, persona, options);
  const { reward, components } = await trajectoryReward(result, { ...options, persona });
  return GrpoRow.parse({
    prompt,
    completion: conversation,
    reward,
    rewards: components,
    group_id: persona.id,
    ...metadata(result),
  });
}

/** Rollouts as JSONL rows of the format, one per conversation, in order; checked against the schema. */
export async function exportRollouts(
  results: readonly ConversationResult[],
  personas: readonly Persona[],
  options: GrpoRowOptions & { format: ExportFormat },
): Promise<string> {
  const byId = new Map(personas.map((p) => [p.id, p]));
  const lines: string[] = [];
  for (const r of results) {
    const persona = byId.get(r.personaId);
    if (!persona) throw new Error(`no persona ${r.personaId} for a rollout`);
    const row = options.format === "sft" ? sftRow(r, persona, options) : await grpoRow(r, persona, options);
    lines.push(JSON.stringify(row));
  }
  return lines.map((l) => `${l}\n`).join("");
}
