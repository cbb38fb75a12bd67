import { SiturecError } from "../core/errors.js";
import type { Table } from "../eval/report/write-report.js";
import { runRoles } from "../storage/run-roles.js";
import type { RunStore } from "../storage/run-store.js";
import {
  figure5Correlations,
  figure5Means,
  table4Correlations,
  table4Means,
} from "../study/agreement/agreement-tables.js";
import { type Figure5, figure5 } from "../study/agreement/figure5.js";
import { type HumanAgreement, humanAgreement } from "../study/agreement/human-agreement.js";
import { judgeScoresOf } from "../study/agreement/judge-scores.js";
import type { SimRun } from "../study/agreement/sim-runs.js";
import type { ParticipantRecord, Study } from "../study/study-spec.js";
import { StudyStateError } from "../study/study-state-error.js";
import { type HumanTrajectory, humanTrajectories } from "../study/study-trajectories.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import type { AgreementTable, SimRunChoice, StudyAgreement } from "./study-api-types.js";

/**
 * The store's SituRecBench runs that can stand for the simulated side: runs of one of the study's
 * assistants, not played by a participant (`human-…` shoppers), with finished episodes in the
 * study's store; oldest first.
 */
export async function simCandidates(store: RunStore, study: Study): Promise<SimRunChoice[]> {
  const out: SimRunChoice[] = [];
  for (const run of await store.listRuns()) {
    if (run.benchmark !== "situ-rec") continue;
    const roles = runRoles(run);
    if (!study.assistants.includes(roles.assistant) || roles.shopper.startsWith("human-")) continue;
    const rows = await store.episodes(run.id);
    const episodes = rows.filter((r) => r.env === study.env && r.status === "finished").length;
    if (!episodes) continue;
    out.push({
      run: run.id,
      assistant: roles.assistant,
      shopper: roles.shopper,
      condition: roles.condition,
      createdAt: run.createdAt,
      episodes,
    });
  }
  return out;
}

/** The runs chosen when none are named: per study assistant, its newest run in the study's condition (else its newest). */
export function defaultSimRuns(study: Study, candidates: readonly SimRunChoice[]): string[] {
  return study.assistants.flatMap((a) => {
    const mine = candidates.filter((c) => c.assistant === a);
    const pick = mine.filter((c) => c.condition === study.condition).at(-1) ?? mine.at(-1);
    return pick ? [pick.run] : [];
  });
}

const shown = (t: Table): AgreementTable => ({
  name: t.name,
  title: t.title,
  note: t.note,
  headers: t.headers,
  rows: t.rows.map((r) => r.cells),
});

async function loadSims(store: RunStore, study: Study, runs: readonly string[]): Promise<SimRun[]> {
  const sims: SimRun[] = [];
  for (const run of runs) {
    const trajectories: Trajectory[] = [];
    for await (const t of store.trajectories(run)) if (t.header.env === study.env) trajectories.push(t);
    sims.push({ run, trajectories });
  }
  return sims;
}

/** Figure 5 of the rated interactions alone (what the page shows before any simulated run is chosen). */
function figure5Only(study: Study, human: readonly HumanTrajectory[]): Figure5 {
  return figure5(
    study.assistants,
    human.flatMap((h) => {
      const assistant = study.assistants[h.interaction.assistant];
      return assistant !== undefined && h.interaction.answers
        ? [{ assistant, answers: h.interaction.answers, trajectory: h.trajectory }]
        : [];
    }),
  );
}

/** The agreement computed for the page: the view, and Figure 5's data for its chart. */
export interface ComputedAgreement {
  view: StudyAgreement;
  figure5: Figure5 | null;
}

/**
 * The study's agreement with the chosen simulated runs (default: `defaultSimRuns`), as
 * `siturec human-agreement` computes it; a run that is not a candidate is a `StudyStateError` (400).
 */
export async function studyAgreement(
  store: RunStore,
  study: Study,
  records: readonly ParticipantRecord[],
  chosen: readonly string[] | undefined,
): Promise<ComputedAgreement> {
  const candidates = await simCandidates(store, study);
  const runs = [...new Set(chosen ?? defaultSimRuns(study, candidates))];
  const unknown = runs.filter((r) => !candidates.some((c) => c.run === r));
  if (unknown.length)
    throw new StudyStateError(
      `sim: ${unknown.join(", ")} ${unknown.length === 1 ? "is not a run" : "are not runs"} of the study's assistants with finished ${study.env} episodes`,
      400,
    );
  const human = await humanTrajectories(store, study, records);
  const rated = human.filter((h) => h.interaction.answers).length;
  const base = { candidates, chosen: runs, human: { trajectories: human.length, rated } };
  if (!human.length)
    return {
      view: { ...base, table4: null, figure5: null, chart: null, notes: ["no interaction has ended yet"] },
      figure5: null,
    };
  let matched: HumanAgreement | undefined;
  try {
    if (runs.length) matched = humanAgreement({ study, human, sim: await loadSims(store, study, runs) });
  } catch (err) {
    // A run holding several assistants, or none in common: the organiser picks other runs.
    if (err instanceof SiturecError) throw new StudyStateError(`sim: ${err.message}`, 400);
    throw err;
  }
  const f5 = matched?.figure5 ?? figure5Only(study, human);
  const notes = matched?.notes ?? [
    `Table 4 needs simulated runs of the study's assistants: none is chosen (siturec run --env ${study.env} --assistant ID makes one)`,
    ...(rated ? [] : ["no questionnaire answers yet: Figure 5 has no ratings"]),
    ...(human.some((h) => judgeScoresOf(h.trajectory))
      ? []
      : [`no judge scores on the human trajectories: run \`siturec judge --study ${study.id} --model ID\``]),
  ];
  return {
    view: {
      ...base,
      table4: matched ? [shown(table4Correlations(matched)), shown(table4Means(matched.table4))] : null,
      figure5: rated ? [shown(figure5Means(f5)), shown(figure5Correlations(f5))] : null,
      chart: null,
      notes,
    },
    figure5: rated ? f5 : null,
  };
}
