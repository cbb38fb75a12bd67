import { JUDGE_DIMENSIONS } from "../../../agents/types.js";
import { buildTrajectory } from "../../../eval/testing/build-trajectory.js";
import type { RunStore } from "../../../storage/run-store.js";
import { loadTaskBank } from "../../../tasks/task-bank-file.js";
import type { Trajectory } from "../../../trajectory/trajectory.js";
import { createStudy } from "../../create-study.js";
import type { Interaction, QuestionnaireAnswers, Study } from "../../study-spec.js";
import { StudyStore } from "../../study-store.js";

/** The supermarket bank's first `n` task ids. */
export const taskIds = (n: number) =>
  loadTaskBank("supermarket")
    .tasks.slice(0, n)
    .map((t) => t.id);

/** Every dimension `base`, `overall` as given. */
export const ratings = (overall: number, base = 3) =>
  Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, d === "overall" ? overall : base])) as Record<
    (typeof JUDGE_DIMENSIONS)[number],
    number
  >;

export interface EpisodeSpec {
  assistant: string;
  success: boolean;
  subset?: number;
  judge?: Record<string, number>;
}

/** A finished episode of `task` in `run`, as the runner would store it (only what the metrics read). */
export function episode(run: string, task: string, spec: EpisodeSpec): Trajectory {
  const t = buildTrajectory({
    turns: [{}],
    assistant: spec.assistant,
    subset: spec.subset ?? 0,
    ...(spec.success ? { cart: ["sm-019"] } : {}),
    ...(spec.judge ? { judge: spec.judge } : {}),
  });
  return { ...t, header: { ...t.header, runId: run, task: { ...t.header.task, id: task } } };
}

/** Stores finished episodes as a run (a run per call; each episode's task id its own). */
export async function storeRun(
  store: RunStore,
  run: string,
  episodes: Trajectory[],
  config: Record<string, unknown> = { env: "supermarket", condition: "full" },
): Promise<void> {
  await store.createRun({ id: run, identity: run, config, identityParts: {}, planned: episodes.length });
  for (const [i, t] of episodes.entries()) {
    await store.startEpisode(t.header, i, "a");
    for (const [j, turn] of t.turns.entries())
      await store.writeTurn(t.header, turn, j === t.turns.length - 1 ? t.outcome : undefined, "a");
    if (t.judge) await store.setJudge(run, t.header.env, t.header.task.id, t.judge);
  }
}

/** What a played interaction turned into: the episode, and the answers when the participant gave them. */
export interface Played {
  success: boolean;
  judge?: Record<string, number>;
  answers?: QuestionnaireAnswers;
}

/**
 * A study of `assistants` on two tasks with participants P01 and P02 (each plays both tasks with
 * every assistant), every interaction played as `play` says, stored as the study runtime stores it.
 */
export async function seedStudy(
  store: RunStore,
  id: string,
  assistants: string[],
  play: (assistant: string, code: string, task: string) => Played,
): Promise<Study> {
  const study = createStudy({
    id,
    assistants,
    tasks: taskIds(2),
    participants: ["P01", "P02"],
    token: (code) => `${code}-token-`.padEnd(40, "x"),
  });
  const studies = new StudyStore(store);
  await studies.create(study);
  const runs = new Map<string, Trajectory[]>();
  for (const p of study.participants) {
    const record = await studies.record(study, p);
    record.interactions = record.interactions.map((i): Interaction => {
      const assistant = study.assistants[i.assistant]!;
      const played = play(assistant, p.code, i.task);
      const t = episode(i.run, i.task, {
        assistant,
        success: played.success,
        ...(played.judge ? { judge: played.judge } : {}),
      });
      runs.set(i.run, [...(runs.get(i.run) ?? []), t]);
      return {
        ...i,
        status: played.answers ? "done" : "questionnaire",
        outcome: { reason: t.outcome.reason, success: t.outcome.success, turns: t.outcome.turns },
        ...(played.answers ? { answers: played.answers } : {}),
      };
    });
    await studies.saveRecord(record);
  }
  for (const [run, episodes] of runs) await storeRun(store, run, episodes);
  return study;
}
