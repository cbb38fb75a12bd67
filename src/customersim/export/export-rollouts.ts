import type { ConversationResult } from "../chat/index.js";
import { type TrajectoryRewardOptions, trajectoryReward } from "../rewards/index.js";
import type { Persona } from "../schema/persona.js";
import { conversationMessages, type MessageOptions } from "./conversation-messages.js";
import { type ExportFormat, GrpoRow, SftRow } from "./row-schemas.js";
import type { VerlRow } from "./trainer-row-schemas.js";
import {
  type RolloutMeta,
  type TrainerRowOptions,
  trlGrpoRows,
  trlSftRow,
  verlRows,
} from "./trainer-rows.js";
import { verlParquet } from "./verl-parquet.js";

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

export interface ExportOptions extends GrpoRowOptions, TrainerRowOptions {
  format: ExportFormat;
  /** Per rollout, in the order of the results: its sample, seed, salesperson and steering. */
  meta?: readonly RolloutMeta[];
}

function personaOf(byId: ReadonlyMap<string, Persona>, r: ConversationResult): Persona {
  const persona = byId.get(r.personaId);
  if (!persona) throw new Error(`no persona ${r.personaId} for a rollout`);
  return persona;
}

async function rowsOf(r: ConversationResult, persona: Persona, options: ExportOptions, meta: RolloutMeta) {
  switch (options.format) {
    case "sft":
      return [sftRow(r, persona, options)];
    case "grpo":
      return [await grpoRow(r, persona, options)];
    case "trl-sft":
      return [trlSftRow(r, persona, options, meta)];
    case "trl-grpo":
      return trlGrpoRows(r, persona, options, meta);
    case "verl":
      throw new Error("verl rows are Parquet: use exportVerlParquet");
  }
}

/**
 * Rollouts as JSONL rows of the format, in order, checked against its schema: one per conversation
 * (`sft`, `grpo`, `trl-sft`) or one per shopper turn (`trl-grpo`).
 */
export async function exportRollouts(
  results: readonly ConversationResult[],
  personas: readonly Persona[],
  options: ExportOptions,
): Promise<string> {
  const byId = new Map(personas.map((p) => [p.id, p]));
  const lines: string[] = [];
  for (const [i, r] of results.entries()) {
    for (const row of await rowsOf(r, personaOf(byId, r), options, options.meta?.[i] ?? {}))
      lines.push(JSON.stringify(row));
  }
  return lines.map((l) => `${l}\n`).join("");
}

/** verl's rows (one per shopper turn, `extra_info.index` counting from 0) and their Parquet file. */
export function exportVerlParquet(
  results: readonly ConversationResult[],
  personas: readonly Persona[],
  options: Omit<ExportOptions, "format"> = {},
): { rows: VerlRow[]; parquet: Uint8Array } {
  const byId = new Map(personas.map((p) => [p.id, p]));
  const rows: VerlRow[] = [];
  for (const [i, r] of results.entries())
    rows.push(...verlRows(r, personaOf(byId, r), rows.length, options, options.meta?.[i] ?? {}));
  return { rows, parquet: verlParquet(rows) };
}
