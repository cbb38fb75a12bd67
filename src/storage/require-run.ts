import { SiturecError } from "../core/errors.js";
import type { Benchmark, RunRow, RunStore } from "./run-store.js";

/** A run a command was asked about is not in the store, or is another benchmark's. */
export class RunNotFoundError extends SiturecError {
  override readonly name = "RunNotFoundError";
}

/**
 * A run of a store, or an error naming the store and how to list its runs; with `benchmark`, an
 * error too when the run is another benchmark's.
 */
export async function requireRun(store: RunStore, runId: string, benchmark?: Benchmark): Promise<RunRow> {
  const run = await store.getRun(runId);
  if (!run)
    throw new RunNotFoundError(`no run '${runId}' in ${store.location}`, {
      exitCode: 2,
      hint: `'siturec runs --store ${store.location}' lists them`,
    });
  if (benchmark && run.benchmark !== benchmark)
    throw new RunNotFoundError(`run ${runId} is a ${run.benchmark} run, not a ${benchmark} one`, {
      exitCode: 2,
      hint:
        run.benchmark === "customersim"
          ? `the siturec customersim commands (evaluate, export) read it`
          : `the siturec commands (evaluate, judge, report) read it`,
    });
  return run;
}
