import { SiturecError } from "../../core/errors.js";
import type { RunStore } from "../../storage/run-store.js";

/** What the view refuses: every write (a bundle reads its runs, never changes them). */
const WRITES = [
  "createRun",
  "setRunStatus",
  "acquireLease",
  "renewLease",
  "releaseLease",
  "startEpisode",
  "writeTurn",
  "failEpisode",
  "recordSpend",
  "setJudge",
  "putRecord",
] as const;

/** Reads keyed by a run id (their first argument): another run has nothing. */
const PER_RUN_EMPTY = {
  episodes: async () => [],
  finishedKeys: async () => new Set<string>(),
  spent: async () => [],
  storedEpisode: async () => undefined,
  modelCalls: async () => undefined,
} as const;
const PER_RUN_STREAMS = ["trajectories", "storedEpisodes"] as const;

async function* nothing(): AsyncIterable<never> {}

/**
 * A read-only view of `store` that holds only `runIds`: the runs list, the leaderboard and every
 * per-run read see those runs alone, and no studies (no documents at all). Reads the view does not
 * know of (a store method added later) pass through to the store; every write is refused. Closing
 * the view leaves the store open (its owner closes it).
 */
export function runsOnlyStore(store: RunStore, runIds: Iterable<string>): RunStore {
  const keep = new Set(runIds);
  const own: Partial<Record<keyof RunStore | string, unknown>> = {
    listRuns: async () => (await store.listRuns()).filter((r) => keep.has(r.id)),
    getRun: async (id: string) => (keep.has(id) ? store.getRun(id) : undefined),
    listRecords: async () => [],
    getRecord: async () => undefined,
    close: async () => {},
  };
  for (const name of WRITES)
    own[name] = async () => {
      throw new SiturecError(`a bundle's view of ${store.location} is read-only (${name})`);
    };
  for (const [name, empty] of Object.entries(PER_RUN_EMPTY)) {
    const read = (store[name as keyof typeof PER_RUN_EMPTY] as (...a: unknown[]) => Promise<unknown>).bind(
      store,
    );
    own[name] = (runId: string, ...rest: unknown[]) => (keep.has(runId) ? read(runId, ...rest) : empty());
  }
  for (const name of PER_RUN_STREAMS) {
    const read = store[name].bind(store) as (...a: unknown[]) => AsyncIterable<unknown>;
    own[name] = (runId: string, ...rest: unknown[]) => (keep.has(runId) ? read(runId, ...rest) : nothing());
  }
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && prop in own) return own[prop];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
