// `siturec/eval`: score a stored run as `siturec evaluate` does (one cohort per store and agent set),
// and write the report's tables and charts.
import { openRunStore, type Trajectory } from "siturec";
import { type CohortReport, evaluate, formatMetric, writeReport } from "siturec/eval";

export async function evaluateRun(
  storeDir: string,
  runId: string,
  reportDir: string,
): Promise<CohortReport[]> {
  const store = openRunStore(storeDir, { readonly: true });
  const trajectories: Trajectory[] = [];
  try {
    for await (const t of store.trajectories(runId)) trajectories.push(t);
  } finally {
    await store.close();
  }
  const cohorts = evaluate(trajectories);
  for (const c of cohorts)
    console.log(`${c.env} ${c.assistant}: SR ${formatMetric(c.sr)}, NDCG@10 ${formatMetric(c.ndcg_at_10)}`);
  await writeReport(cohorts, reportDir);
  return cohorts;
}
