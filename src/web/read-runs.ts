import { z } from "zod";
import { loadEnvData } from "../envs/env-data.js";
import { hasEnv } from "../envs/registry.js";
import { errorCounts } from "../storage/error-counts.js";
import { runRoles } from "../storage/run-roles.js";
import type { EpisodeRow, RunRow, RunStore } from "../storage/run-store.js";
import type {
  ConversationReplay,
  EpisodeReplay,
  EpisodeSummary,
  ProductName,
  RunDetail,
  RunSummary,
} from "./api-types.js";

async function summary(store: RunStore, run: RunRow, rows: EpisodeRow[]): Promise<RunSummary> {
  const spent = await store.spent(run.id);
  const finished = rows.filter((r) => r.status === "finished");
  return {
    id: run.id,
    benchmark: run.benchmark,
    status: run.status,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    ...runRoles(run),
    planned: run.planned,
    finished: finished.length,
    running: rows.filter((r) => r.status === "running").length,
    errors: rows.filter((r) => r.status === "error").length,
    successRate: finished.length ? finished.filter((r) => r.success).length / finished.length : null,
    // What was paid: the spend ledger (failed and restarted episodes included), else the episodes' sum.
    costUsd: spent.length
      ? spent.reduce((s, r) => s + r.costUsd, 0)
      : rows.reduce((s, r) => s + r.costUsd, 0),
    failures: errorCounts(rows),
  };
}

/** Every run of the store, newest first. */
export async function runSummaries(store: RunStore): Promise<RunSummary[]> {
  const out: RunSummary[] = [];
  for (const run of await store.listRuns()) out.push(await summary(store, run, await store.episodes(run.id)));
  return out.reverse();
}

/** A run with its episodes, or undefined when the store has no such run. */
export async function runDetail(store: RunStore, runId: string): Promise<RunDetail | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const rows = await store.episodes(runId);
  const episodes: EpisodeSummary[] = rows.map((r) => ({
    env: r.env,
    taskId: r.taskId,
    position: r.position,
    status: r.status,
    reason: r.reason,
    success: r.success,
    turns: r.turns,
    recommendations: r.recommendations,
    costUsd: r.costUsd,
    error: r.error,
  }));
  return { run: await summary(store, run, rows), config: run.config, episodes };
}

/** The display names of a store's products (none for a category or store this build does not know). */
function productNames(env: string, ids: Iterable<string>): Record<string, ProductName> {
  if (!hasEnv(env)) return {};
  let byId: Map<string, ProductName>;
  try {
    byId = new Map(
      loadEnvData(env as never).catalog.products.map((p) => [
        p.id,
        { name: p.name, brand: p.brand, price: p.price },
      ]),
    );
  } catch {
    return {};
  }
  const out: Record<string, ProductName> = {};
  for (const id of ids) {
    const p = byId.get(id);
    if (p) out[id] = p;
  }
  return out;
}

/** The product ids an episode mentions: rankings, carts, revealed items, the purchase and the reference items. */
function mentionedProducts(t: EpisodeReplay["trajectory"]): Set<string> {
  const ids = new Set<string>([...t.header.task.referenceItems, ...t.outcome.cart]);
  if (t.outcome.purchased) ids.add(t.outcome.purchased);
  for (const turn of t.turns) {
    for (const id of turn.assistant.output.ranking) ids.add(id);
    for (const id of turn.state.cart) ids.add(id);
    for (const id of turn.state.revealed) ids.add(id);
    if (turn.state.held) ids.add(turn.state.held);
  }
  return ids;
}

/** What the viewer reads of a CustomerSim conversation as stored (`src/runner/customersim/stored-conversation.ts`). */
const StoredText = z.object({ text: z.string(), recommended: z.array(z.string()).default([]) }).loose();
const StoredConversation = z.object({
  header: z
    .object({
      env: z.string(),
      task: z.object({ id: z.string() }).loose(),
      agents: z.object({ shopper: z.string(), sales: z.string() }).loose(),
    })
    .loose(),
  turns: z.array(z.object({ turn: z.number(), shopper: StoredText, sales: StoredText.nullable() }).loose()),
  outcome: z
    .object({
      reason: z.string(),
      result: z.object({ purchased: z.string().nullable() }).loose().nullable().default(null),
      decision: z
        .object({ case: z.string(), da: z.union([z.literal(0), z.literal(1)]) })
        .nullable()
        .default(null),
    })
    .loose(),
});

/**
 * One stored episode of a run, ready to replay: a SituRecBench trajectory with its product names, or
 * a CustomerSim conversation. Undefined when the run has no such finished (or failed) episode.
 */
export async function episodeView(
  store: RunStore,
  runId: string,
  env: string,
  taskId: string,
): Promise<EpisodeReplay | ConversationReplay | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  if (run.benchmark === "customersim") {
    for await (const e of store.storedEpisodes(runId, { includeErrors: true })) {
      const c = StoredConversation.safeParse(e);
      if (!c.success || c.data.header.env !== env || c.data.header.task.id !== taskId) continue;
      const { header, turns, outcome } = c.data;
      return {
        kind: "customersim",
        category: header.env,
        persona: header.task.id,
        shopper: header.agents.shopper,
        sales: header.agents.sales,
        rounds: turns.map((t) => ({
          turn: t.turn,
          shopper: t.shopper.text,
          sales: t.sales?.text ?? null,
          recommended: t.sales?.recommended ?? [],
        })),
        reason: outcome.reason,
        decision: outcome.decision,
        purchased: outcome.result?.purchased ?? null,
      };
    }
    return undefined;
  }
  for await (const t of store.trajectories(runId, { includeErrors: true })) {
    if (t.header.env !== env || t.header.task.id !== taskId) continue;
    return { kind: "situ-rec", trajectory: t, products: productNames(env, mentionedProducts(t)) };
  }
  return undefined;
}
