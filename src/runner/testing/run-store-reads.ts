import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
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

/** The store's write lock, held by a test: the process playing the run waits at its next write. */
export interface StoreHold {
  /** What was counted when the lock was taken (it cannot grow while the lock is held). */
  count: number;
  release(): void;
}

/** What `holdStoreWhen` counts: finished episodes, or committed turns. */
const COUNTS = {
  finished: "SELECT count(*) AS n FROM episodes WHERE status = 'finished'",
  turns: "SELECT count(*) AS n FROM turns",
} as const;

/**
 * Waits until another process (`child`) has `n` finished episodes (or committed turns) in the SQLite
 * store in `dir`, then holds the store's write lock, so that the child commits nothing more until
 * `release()`: the test acts (kills it, signals it) at that point of the run, however fast or slow
 * either process is. Each look is taken under the lock too, so the count cannot move while it is
 * read. Fails should the child exit first. Hold it for less than the store's busy timeout (5 s).
 */
export async function holdStoreWhen(
  dir: string,
  child: ChildProcess,
  what: keyof typeof COUNTS,
  n: number,
): Promise<StoreHold> {
  const file = join(dir, "siturec.db");
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${n} ${what}`);
    const hold = existsSync(file) ? lockAndCount(file, COUNTS[what]) : undefined;
    if (hold && hold.count >= n) return hold;
    hold?.release();
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The store's write lock and a count under it; undefined before the store's tables exist. */
function lockAndCount(file: string, sql: string): StoreHold | undefined {
  const db = new Database(file, { fileMustExist: true });
  db.pragma("busy_timeout = 60000");
  db.exec("BEGIN IMMEDIATE");
  const release = () => {
    db.exec("COMMIT");
    db.close();
  };
  try {
    return { count: (db.prepare(sql).get() as { n: number }).n, release };
  } catch {
    release();
    return undefined;
  }
}
