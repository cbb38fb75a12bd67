import type { RunStore } from "../storage/run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import type { Interaction, ParticipantRecord, Study } from "./study-spec.js";

/** One played interaction of a study with its stored episode. */
export interface HumanTrajectory {
  record: ParticipantRecord;
  interaction: Interaction;
  trajectory: Trajectory;
}

/** Interactions whose episode has ended: the participant is answering the questionnaire, or has. */
const played = (i: Interaction) => i.status === "questionnaire" || i.status === "done";

/** The runs a study's interactions have been stored in so far (those that exist in the store), in record order. */
export async function studyRuns(store: RunStore, records: readonly ParticipantRecord[]): Promise<string[]> {
  const ids = [...new Set(records.flatMap((r) => r.interactions.map((i) => i.run)))];
  const exists = await Promise.all(ids.map(async (id) => (await store.getRun(id)) !== undefined));
  return ids.filter((_, k) => exists[k]);
}

/**
 * The finished human trajectories of a study, in participant then interaction order: every
 * interaction whose episode ended and is stored finished (a failed episode is not a trajectory).
 */
export async function humanTrajectories(
  store: RunStore,
  study: Study,
  records: readonly ParticipantRecord[],
): Promise<HumanTrajectory[]> {
  const byRun = new Map<string, Map<string, Trajectory>>();
  for (const run of await studyRuns(store, records)) {
    const tasks = new Map<string, Trajectory>();
    for await (const t of store.trajectories(run))
      if (t.header.env === study.env) tasks.set(t.header.task.id, t);
    byRun.set(run, tasks);
  }
  return records.flatMap((record) =>
    record.interactions.filter(played).flatMap((interaction) => {
      const trajectory = byRun.get(interaction.run)?.get(interaction.task);
      return trajectory ? [{ record, interaction, trajectory }] : [];
    }),
  );
}
