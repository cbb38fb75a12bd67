import { hashOf } from "../core/hash.js";
import { keepLease } from "../runner/lease-heartbeat.js";
import type { Benchmark, LeaseOwner, RunStore } from "../storage/run-store.js";

/** What a family of sessions shares: the benchmark, the configuration stored with the run, its identity parts. */
export interface SeriesSpec {
  benchmark: Benchmark;
  /** Stored as the run's config (the session's spec without its task or persona). */
  config: unknown;
  /** What decides the episodes (the run's identity is their hash). */
  parts: Record<string, unknown>;
  /** A short label the run ids start with (the store or `customersim`). */
  label: string;
}

interface SeriesRun {
  id: string;
  keys: Set<string>;
  heartbeat: NodeJS.Timeout;
}

/**
 * Where the server's sessions are stored: one run per configuration (everything but the task or
 * persona) per server start. An episode is keyed in its run by store and task, so a task played a
 * second time (a GRPO group's next rollout) opens the next run of the series: `…-r2`, `…-r3`. Each
 * run is held under the server's lease while it serves, and marked `complete` (every episode
 * finished) or `incomplete` when the server closes.
 */
export class RunSeries {
  private readonly series = new Map<string, SeriesRun[]>();
  private readonly stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  private lock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: RunStore,
    private readonly owner: LeaseOwner,
    private readonly onLeaseLost: (err: unknown) => void = () => {},
  ) {}

  /** The run an episode with `key` (`env/taskId`) goes to, created when none of the series is free for it. */
  runFor(spec: SeriesSpec, key: string): Promise<{ runId: string; identity: string }> {
    const next = this.lock.then(() => this.allocate(spec, key));
    this.lock = next.catch(() => {});
    return next;
  }

  private async allocate(spec: SeriesSpec, key: string): Promise<{ runId: string; identity: string }> {
    const identity = hashOf(spec.parts).slice(0, 16);
    const runs = this.series.get(identity) ?? [];
    this.series.set(identity, runs);
    let run = runs.find((r) => !r.keys.has(key));
    if (!run) {
      const base = `env-${spec.label}-${this.stamp}-${identity.slice(0, 6)}${runs.length ? `-r${runs.length + 1}` : ""}`;
      let id = base;
      for (let n = 2; await this.store.getRun(id); n++) id = `${base}-${n}`;
      await this.store.createRun({
        id,
        ...(spec.benchmark !== "situ-rec" ? { benchmark: spec.benchmark } : {}),
        identity,
        config: spec.config,
        identityParts: spec.parts,
        planned: 0,
      });
      await this.store.acquireLease(id, this.owner);
      run = { id, keys: new Set(), heartbeat: keepLease(this.store, id, this.owner.id, this.onLeaseLost) };
      runs.push(run);
    }
    run.keys.add(key);
    return { runId: run.id, identity };
  }

  /** Every run the series made, oldest first. */
  runIds(): string[] {
    return [...this.series.values()].flatMap((runs) => runs.map((r) => r.id));
  }

  /** Marks each run complete or incomplete and releases the leases. */
  async close(): Promise<void> {
    await this.lock;
    for (const runs of this.series.values())
      for (const run of runs) {
        clearInterval(run.heartbeat);
        const rows = await this.store.episodes(run.id);
        await this.store.setRunStatus(
          run.id,
          rows.length > 0 && rows.every((r) => r.status === "finished") ? "complete" : "incomplete",
        );
        await this.store.releaseLease(run.id, this.owner.id).catch(() => {});
      }
  }
}
