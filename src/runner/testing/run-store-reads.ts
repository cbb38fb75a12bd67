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

/** Waits (up to 90 s) until another process has finished `n` episodes in the store in `dir`. */
export async function waitForFinished(dir: string, n: number): Promise<void> {
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
  const deadline = Date.now() + 90_000;
  while (finished() < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}
