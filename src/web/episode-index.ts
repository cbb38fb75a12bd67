import { z } from "zod";
import { runRoles } from "../storage/run-roles.js";
import type { EpisodeRow, RunRow, RunStore, StoredEpisode } from "../storage/run-store.js";
import type { EpisodeIndex, IndexedEpisode, IndexedTurn } from "./episode-index-types.js";

/*
 * Stored payloads are read leniently: a field an older run lacks (or a model wrote oddly) reads as
 * empty instead of failing the whole index. Unknown keys are stripped, not copied: a SituRecBench
 * turn is mostly observations the index does not need.
 */
const text = z.string().catch("");
const names = z.array(z.object({ type: z.string() })).catch([]);
const call = z.object({ name: z.string() }).nullable().catch(null);

const SituRecTurn = z.object({
  assistant: z
    .object({
      output: z
        .object({
          utterance: text,
          assistant_actions: names,
          expected_user_action: call,
          ranking: z.array(z.string()).catch([]),
        })
        .catch({ utterance: "", assistant_actions: [], expected_user_action: null, ranking: [] }),
      expectedTargetId: z.string().nullable().catch(null),
    })
    .catch({
      output: { utterance: "", assistant_actions: [], expected_user_action: null, ranking: [] },
      expectedTargetId: null,
    }),
  shopper: z
    .object({ output: z.object({ utterance: text, tool_call: call }) })
    .catch({ output: { utterance: "", tool_call: null } }),
  execution: z
    .object({
      targetId: z.string().nullable().catch(null),
      addedToCart: z.string().optional().catch(undefined),
    })
    .catch({ targetId: null }),
  termination: z.object({ ended: z.boolean().catch(false) }).catch({ ended: false }),
});

const SituRecOutcome = z
  .object({
    purchased: z.string().nullable().catch(null),
    purchasedReference: z.boolean().catch(false),
  })
  .catch({ purchased: null, purchasedReference: false });

const ChatSide = z.object({
  text,
  toolCalls: z.array(z.object({ name: z.string(), arguments: z.unknown() })).catch([]),
  recommended: z.array(z.string()).catch([]),
});
const ChatRound = z.object({ shopper: ChatSide, sales: ChatSide.nullable().catch(null) });
const ChatOutcome = z
  .object({
    result: z
      .object({ purchased: z.string().nullable().catch(null) })
      .nullable()
      .catch(null),
    decision: z.object({ case: z.string() }).nullable().catch(null),
  })
  .catch({ result: null, decision: null });

const EMPTY_TURN: IndexedTurn = {
  acts: [],
  expected: null,
  action: null,
  target: null,
  top: null,
  ended: false,
  assistant: "",
  shopper: "",
};

/** One SituRecBench turn record in a few words (a record that cannot be read at all: an empty turn). */
export function situRecTurn(record: unknown): IndexedTurn {
  const r = SituRecTurn.safeParse(record);
  if (!r.success) return EMPTY_TURN;
  const { assistant: a, shopper: s, execution: x, termination } = r.data;
  const expected = a.output.expected_user_action?.name;
  return {
    acts: [...new Set(a.output.assistant_actions.map((act) => act.type))],
    expected: expected ? (a.expectedTargetId ? `${expected}(${a.expectedTargetId})` : expected) : null,
    action: s.output.tool_call?.name ?? null,
    target: x.targetId ?? x.addedToCart ?? null,
    top: a.output.ranking[0] ?? null,
    ended: termination.ended,
    assistant: a.output.utterance,
    shopper: s.output.utterance,
  };
}

/** The product a chat tool call names (`product_id`), if it names one. */
function productArgument(args: unknown): string | null {
  const id = (args as { product_id?: unknown } | null)?.product_id;
  return typeof id === "string" ? id : null;
}

/** One CustomerSim round: the salesperson's tool calls stand for acts, the shopper's first call for its action. */
export function customerSimTurn(record: unknown, last: boolean): IndexedTurn {
  const r = ChatRound.safeParse(record);
  if (!r.success) return { ...EMPTY_TURN, ended: last };
  const { shopper, sales } = r.data;
  const first = shopper.toolCalls[0];
  return {
    acts: [...new Set((sales?.toolCalls ?? []).map((c) => c.name))],
    expected: null,
    action: first?.name ?? null,
    target: first ? productArgument(first.arguments) : null,
    top: sales?.recommended[0] ?? null,
    ended: last,
    assistant: sales?.text ?? "",
    shopper: shopper.text,
  };
}

const distinct = (xs: Iterable<string | null>) =>
  [...new Set(xs)].filter((x): x is string => x !== null).sort();

/** What an episode's payload says beyond its row: each turn in a few words, the purchase, the decision. */
export type PayloadFacts = Pick<IndexedEpisode, "steps" | "purchased" | "referenceHit" | "decision">;

const NO_FACTS: PayloadFacts = { steps: [], purchased: null, referenceHit: null, decision: null };

/** The facts of a stored episode's payload (a failed attempt's turns too: as far as it got). */
export function payloadFacts(benchmark: RunRow["benchmark"], stored: StoredEpisode): PayloadFacts {
  const records = stored.turns;
  if (benchmark === "customersim") {
    const o = ChatOutcome.parse(stored.outcome);
    const finished = (stored.outcome as { reason?: unknown } | null)?.reason !== "error";
    return {
      steps: records.map((t, i) => customerSimTurn(t, finished && i === records.length - 1)),
      purchased: o.result?.purchased ?? null,
      referenceHit: null,
      decision: o.decision?.case ?? null,
    };
  }
  const o = SituRecOutcome.parse(stored.outcome);
  return {
    steps: records.map(situRecTurn),
    purchased: o.purchased,
    referenceHit: o.purchased ? o.purchasedReference : false,
    decision: null,
  };
}

/** An ended episode's entry: the figures of its row and the facts of its payload. */
export function indexedEpisode(row: EpisodeRow, facts: PayloadFacts = NO_FACTS): IndexedEpisode {
  const { steps } = facts;
  return {
    env: row.env,
    taskId: row.taskId,
    position: row.position,
    status: row.status === "error" ? "error" : "finished",
    reason: row.reason,
    success: row.success,
    turns: row.turns,
    recommendations: row.recommendations,
    costUsd: row.costUsd,
    error: row.error,
    purchased: facts.purchased,
    referenceHit: facts.referenceHit,
    decision: facts.decision,
    acts: distinct(steps.flatMap((s) => s.acts)),
    actions: distinct(steps.map((s) => s.action)),
    steps,
  };
}

const ended = (r: EpisodeRow) => r.status === "finished" || r.status === "error";

/** What the index of a run depends on: its status change time and how many of its episodes ended, and how. */
export function indexVersion(run: RunRow, rows: EpisodeRow[]): string {
  const finished = rows.filter((r) => r.status === "finished").length;
  const failed = rows.filter((r) => r.status === "error").length;
  return `${run.updatedAt}|${finished}|${failed}`;
}

/** Whether an entry of an earlier index still stands for the row (the episode has not been played again since). */
const unchanged = (e: IndexedEpisode | undefined, r: EpisodeRow) =>
  e !== undefined && e.status === r.status && e.turns === r.turns && e.reason === r.reason;

/**
 * The payload facts of the run's ended episodes: all of them read in one pass, or, given an earlier
 * index, only those of episodes that ended since (one by one), the others taken from it.
 */
async function factsOf(
  store: RunStore,
  run: RunRow,
  rows: EpisodeRow[],
  previous: EpisodeIndex | undefined,
): Promise<Map<string, PayloadFacts>> {
  const facts = new Map<string, PayloadFacts>();
  const key = (e: { env: string; taskId: string }) => `${e.env}/${e.taskId}`;
  const before = new Map(previous?.episodes.map((e) => [key(e), e]));
  const fresh = rows.filter((r) => !unchanged(before.get(key(r)), r));
  if (!previous || fresh.length > rows.length / 2) {
    // Each payload is read into its facts at once and let go: a run's payloads are many megabytes.
    for await (const e of store.storedEpisodes(run.id, { includeErrors: true })) {
      const h = e.header as { env?: unknown; task?: { id?: unknown } } | null;
      facts.set(`${String(h?.env)}/${String(h?.task?.id)}`, payloadFacts(run.benchmark, e));
    }
    return facts;
  }
  for (const r of rows) {
    const e = before.get(key(r));
    if (e && unchanged(e, r)) facts.set(key(r), e);
  }
  for (const r of fresh) {
    const e = await store.storedEpisode(run.id, r.env, r.taskId);
    if (e) facts.set(key(r), payloadFacts(run.benchmark, e));
  }
  return facts;
}

/**
 * The episode index of a run, built from the store: every ended episode (finished or failed) in store
 * then task-bank order; undefined for a run the store does not have. Given the run's earlier index,
 * reads only the episodes that ended since.
 */
export async function buildEpisodeIndex(
  store: RunStore,
  runId: string,
  previous?: EpisodeIndex,
): Promise<EpisodeIndex | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const rows = (await store.episodes(runId)).filter(ended);
  const facts = await factsOf(store, run, rows, previous?.run.id === runId ? previous : undefined);
  const { env, condition, assistant, shopper, moderator } = runRoles(run);
  return {
    run: { id: run.id, benchmark: run.benchmark, env, condition, assistant, shopper, moderator },
    version: indexVersion(run, rows),
    episodes: rows.map((r) => indexedEpisode(r, facts.get(`${r.env}/${r.taskId}`))),
  };
}
