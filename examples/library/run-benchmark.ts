// `siturec`: run SituRecBench from TypeScript with the built-in agents (or your own policy for any role),
// then read the stored trajectories back from the run store.
import { openRunStore, parseRunConfig, type RunResult, runBenchmark, type Trajectory } from "siturec";

export async function runTwoTasks(
  storeDir: string,
): Promise<{ result: RunResult; trajectories: Trajectory[] }> {
  const config = parseRunConfig({ env: "supermarket", tasks: "0:2", storeDir });
  const result = await runBenchmark(config, {
    onProgress: (p) => process.stderr.write(`\r${p.done}/${p.total} episodes`),
  });
  const store = openRunStore(storeDir);
  const trajectories: Trajectory[] = [];
  try {
    for await (const t of store.trajectories(result.runId)) trajectories.push(t);
  } finally {
    await store.close();
  }
  return { result, trajectories };
}
