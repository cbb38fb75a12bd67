import type { RunStore } from "../storage/run-store.js";
import type { ParticipantRecord, Study } from "./study-spec.js";
import { type HumanTrajectory, humanTrajectories } from "./study-trajectories.js";

/** An export line: the stored trajectory as `siturec export` writes it, with who played it and what they answered. */
export function studyExportLine(h: HumanTrajectory): Record<string, unknown> {
  return {
    ...h.trajectory,
    participant: {
      study: h.record.study,
      code: h.record.code,
      profile: h.record.profile ?? null,
      letter: h.interaction.letter,
    },
    questionnaire: h.interaction.answers ?? null,
  };
}

/** The study's finished (played and rated) interactions as export lines, in participant then interaction order. */
export async function studyExportLines(
  store: RunStore,
  study: Study,
  records: readonly ParticipantRecord[],
): Promise<Record<string, unknown>[]> {
  return (await humanTrajectories(store, study, records))
    .filter((h) => h.interaction.status === "done")
    .map(studyExportLine);
}
