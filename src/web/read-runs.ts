import { z } from "zod";
import type { EnvId } from "../core/manifest.js";
import { personaOfTask } from "../customersim/conversation-samples.js";
import { loadEnvData } from "../envs/env-data.js";
import { hasEnv } from "../envs/registry.js";
import { minimapSvg } from "../render/minimap.js";
import { errorCounts } from "../storage/error-counts.js";
import { runRoles } from "../storage/run-roles.js";
import { asTrajectory, type EpisodeRow, type RunRow, type RunStore } from "../storage/run-store.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { prepareWalkedRoutes, walkedRoutes } from "../world/walked-route.js";
import type {
  ConversationReplay,
  EpisodeReplay,
  EpisodeSummary,
  MapGeometry,
  ProductName,
  RunDetail,
  RunSummary,
} from "./api-types.js";
import { conversationFacts, conversationRound } from "./conversation-facts.js";

const subsetCache = new Map<string, Map<string, number>>();

/** The profile-stratified subset of each task of a store's bank (empty for a store this build does not know). */
function subsetsOf(env: string): Map<string, number> {
  let m = subsetCache.get(env);
  if (!m) {
    m = new Map();
    if (hasEnv(env)) {
      try {
        for (const t of loadTaskBank(env as EnvId).tasks) m.set(t.id, t.subset);
      } catch {
        // A store whose bank cannot be read has no subsets to filter by.
      }
    }
    subsetCache.set(env, m);
  }
  return m;
}

/** The stores and subsets a run's episodes are in (CustomerSim's have categories and no subsets). */
function coverage(run: RunRow, rows: EpisodeRow[]): { stores: string[]; subsets: number[] } {
  const stores = [...new Set(rows.map((r) => r.env))].sort();
  if (run.benchmark === "customersim") return { stores, subsets: [] };
  const subsets = new Set<number>();
  for (const r of rows) {
    const g = subsetsOf(r.env).get(r.taskId);
    if (g !== undefined) subsets.add(g);
  }
  return { stores, subsets: [...subsets].sort() };
}

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
    ...coverage(run, rows),
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
  if (run.benchmark === "situ-rec")
    prepareWalkedRoutes([...new Set(rows.map((r) => r.env))].filter(hasEnv) as EnvId[]);
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

/** What the viewer reads of a CustomerSim conversation as stored (`src/customersim/stored-conversation.ts`). */
const StoredText = z
  .object({
    text: z.string(),
    recommended: z.array(z.string()).default([]),
    reasoning: z.string().optional(),
    mentionedNotRecommended: z.array(z.string()).optional(),
  })
  .loose();
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
      result: z
        .object({ purchased: z.string().nullable(), recommended: z.array(z.string()).default([]) })
        .loose()
        .nullable()
        .default(null),
      decision: z
        .object({ case: z.string(), da: z.union([z.literal(0), z.literal(1)]) })
        .nullable()
        .default(null),
    })
    .loose(),
});

/** The store's layout map for the replay's minimap (the assistant's labels), or null for an unknown store. */
export function mapGeometry(env: string): MapGeometry | null {
  if (!hasEnv(env)) return null;
  const m = minimapSvg(env as EnvId, "assistant");
  return { url: `/api/maps/${env}.svg`, width: m.width, height: m.height, scale: m.scale, margin: m.margin };
}

/** Each turn's walk over the store's navigation mesh, from the pose it began at to where its action left the shopper. */
function routeOf(env: EnvId, t: EpisodeReplay["trajectory"]): Promise<[number, number][][]> {
  return walkedRoutes(
    env,
    t.turns.map((turn) => ({ from: turn.pose, to: turn.state.pose })),
  );
}

/**
 * One stored episode of a run, ready to replay: a SituRecBench trajectory with its product names, its
 * store's map and each turn's walk along the store's navigation mesh, or a CustomerSim conversation with its persona and acceptable set. Undefined when
 * the run has no such finished (or failed) episode. Reads that one episode, not the run.
 */
export async function episodeView(
  store: RunStore,
  runId: string,
  env: string,
  taskId: string,
): Promise<EpisodeReplay | ConversationReplay | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const e = await store.storedEpisode(runId, env, taskId);
  if (!e) return undefined;
  if (run.benchmark === "customersim") {
    const c = StoredConversation.safeParse(e);
    if (!c.success) return undefined;
    const { header, turns, outcome } = c.data;
    const recommended = outcome.result?.recommended ?? [
      ...new Set(turns.flatMap((t) => t.sales?.recommended ?? [])),
    ];
    const purchased = outcome.result?.purchased ?? null;
    const facts = conversationFacts(personaOfTask(header.task.id), [
      ...recommended,
      ...(purchased ? [purchased] : []),
      ...turns.flatMap((t) => [
        ...t.shopper.recommended,
        ...(t.sales?.recommended ?? []),
        ...(t.sales?.mentionedNotRecommended ?? []),
      ]),
    ]);
    return {
      kind: "customersim",
      category: header.env,
      persona: header.task.id,
      profile: facts.profile,
      acceptable: facts.acceptable,
      recommended,
      products: facts.products,
      shopper: header.agents.shopper,
      sales: header.agents.sales,
      rounds: turns.map(conversationRound),
      reason: outcome.reason,
      decision: outcome.decision,
      purchased,
    };
  }
  const t: EpisodeReplay["trajectory"] = asTrajectory(e);
  return {
    kind: "situ-rec",
    trajectory: t,
    products: productNames(env, mentionedProducts(t)),
    map: mapGeometry(env),
    ...(hasEnv(env) ? { route: await routeOf(env as EnvId, t) } : {}),
  };
}
