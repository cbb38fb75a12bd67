/**
 * A human-evaluation study records each participant as their own shopper (`human-P03`, the study
 * runtime's shopper id) in runs named `study-STUDY-P03-a1` (`interactionRun` in
 * src/study/create-study.ts, a layer above this one). Evaluation groups a study's participants as one
 * shopper: one row of the report and the leaderboard per study, not one per person.
 */
const PARTICIPANT = /^human-([A-Za-z0-9_-]{1,16})$/;

/** The cohort shopper of an episode's shopper id: `human · study ID` for a study's participant, else the id. */
export function cohortShopper(shopper: string, runId: string): string {
  const code = PARTICIPANT.exec(shopper)?.[1];
  if (code === undefined) return shopper;
  const study = new RegExp(`^study-([a-z0-9][a-z0-9-]{0,31})-${code.replace(/-/g, "\\-")}-a\\d+$`).exec(
    runId,
  )?.[1];
  return study ? `human · study ${study}` : "human";
}
