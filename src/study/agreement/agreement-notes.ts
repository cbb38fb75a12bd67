import { MIN_ASSISTANTS } from "./correlation.js";
import type { Figure5 } from "./figure5.js";
import type { Table4 } from "./table4.js";

/** What a reader needs to know to trust the comparison, and what to run to complete it. */
export interface NotesInput {
  study: string;
  condition: string;
  table4: Table4;
  figure5: Figure5;
  unmatchedStudy: string[];
  unmatchedSim: { run: string; assistant: string }[];
  simConditions: { run: string; condition: string }[];
  /** All the study's finished human trajectories, and how many of them the judge scored. */
  human: { trajectories: number; judged: number };
}

function judgeNotes(i: NotesInput): string[] {
  const notes: string[] = [];
  const command = `siturec judge --study ${i.study} --model ID`;
  if (!i.human.judged)
    notes.push(`no judge scores on the study's human trajectories: run \`${command}\` first`);
  else if (i.human.judged < i.human.trajectories)
    notes.push(
      `${i.human.judged} of ${i.human.trajectories} human trajectories have judge scores: run \`${command}\` to judge the rest`,
    );
  const unjudged = i.table4.rows.filter((r) => r.sim.judged < r.sim.trajectories).flatMap((r) => r.sim.runs);
  if (unjudged.length)
    notes.push(
      `the simulated runs ${unjudged.join(", ")} are not all judged: run \`siturec judge RUN --model ID\` on each first`,
    );
  const models = (side: "human" | "sim") => [...new Set(i.table4.rows.flatMap((r) => r[side].judgeModels))];
  const [h, s] = [models("human"), models("sim")];
  if (h.length && s.length && (h.length > 1 || s.length > 1 || h[0] !== s[0]))
    notes.push(
      `the judge scores come from different judge models (human: ${h.join(", ")}; simulated: ${s.join(", ")}): judge both with the same model`,
    );
  return notes;
}

function coverageNotes(i: NotesInput): string[] {
  const notes: string[] = [];
  if (i.unmatchedStudy.length)
    notes.push(
      `no simulated run for the study's assistants ${i.unmatchedStudy.join(", ")}: left out of Table 4`,
    );
  for (const u of i.unmatchedSim)
    notes.push(`run ${u.run} played ${u.assistant}, not one of the study's assistants: left out`);
  for (const c of i.simConditions.filter((c) => c.condition !== i.condition))
    notes.push(`run ${c.run} played the ${c.condition} condition; the study plays ${i.condition}`);
  const common = i.table4.rows.length;
  if (common < MIN_ASSISTANTS)
    notes.push(
      `only ${common} assistant${common === 1 ? "" : "s"} in common with the simulated runs: correlations need at least ${MIN_ASSISTANTS}, so they are undefined (the means are printed)`,
    );
  const rated = i.figure5.rows.filter((r) => r.answered).length;
  if (!rated) notes.push("no questionnaire answers yet: Figure 5 has no ratings");
  else if (rated < MIN_ASSISTANTS)
    notes.push(
      `only ${rated} assistant${rated === 1 ? "" : "s"} rated in the questionnaire: Figure 5's correlations need at least ${MIN_ASSISTANTS}, so they are undefined`,
    );
  return notes;
}

export function agreementNotes(i: NotesInput): string[] {
  return [...coverageNotes(i), ...judgeNotes(i)];
}
