import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openRunStore } from "../../storage/open-run-store.js";
import type { Trajectory } from "../../trajectory/trajectory.js";

/** A fresh temporary folder for one test's run store. */
export const tmpStore = (name: string) => mkdtempSync(join(tmpdir(), `siturec-${name}-`));

/** A run's finished trajectories as its store gives them back. */
export async function trajectoriesOf(dir: string, runId: string): Promise<Trajectory[]> {
  const store = openRunStore(dir);
  try {
    const out: Trajectory[] = [];
    for await (const t of store.trajectories(runId)) out.push(t);
    return out;
  } finally {
    await store.close();
  }
}

/** A run's trajectories as `siturec export` writes them (one JSON line each), for byte comparisons. */
export async function exportOf(dir: string, runId: string): Promise<string> {
  return (await trajectoriesOf(dir, runId)).map((t) => JSON.stringify(t)).join("\n");
}

/**
 * Waits until another process (`child`) has finished `n` episodes in the store in `dir`, however
 * long that takes on this machine; fails at once should the child exit first.
 */
export async function waitForFinished(dir: string, n: number, child: ChildProcess): Promise<void> {
  const finished = () => {
    try {
      const d = new Database(join(dir, "siturec.db"), { readonly: true, fileMustExist: true });
      try {
        return (
          d.prepare("SELECT count(*) AS n FROM episodes WHERE status = 'finished'").get() as { n: number }
        ).n;
      } finally {
        d.close();
      }
    } catch {
      return 0;
    }
  };
  while (finished() < n) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the run exited (${child.exitCode ?? child.signalCode}) before ${n} episodes finished`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
