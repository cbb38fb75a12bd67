import { SiturecError } from "../../core/errors.js";
import {
  CATEGORY_IDS,
  type CategoryId,
  type ChatScores,
  type ConversationResult,
  type CustomerSimHeader,
  decisionAlignment,
  type FidelityReport,
  type FidelityScores,
  loadCustomerSimData,
  measureFidelity,
  measureRecQuestBaseline,
  readCustomerSimRun,
  readRecQuestDialogues,
  type ShownAcceptable,
  sampleOf,
  scoreConversations,
  shopperDialogue,
  shownAcceptable,
} from "../../customersim/index.js";
import { requireRun } from "../../storage/require-run.js";
import { type RunStore, spendOf } from "../../storage/run-store.js";
import type { CustomerSimJudges } from "./customersim-judges.js";
import { type DaFloors, daFloors } from "./da-floors.js";

/** One row of `customersim evaluate`: the paper's six columns, with the human values where given. */
export interface EvalRow {
  conversations: number;
  da: number;
  /** The DA of the walk-out and buy-first shoppers against the same salesperson (null: not played). */
  floors?: { walkOut: number | null; buyFirst: number | null };
  /** Conversations of feasible personas in which the salesperson recommended an acceptable product. */
  shownAcceptable?: ShownAcceptable;
  crit: number | null;
  cpl: number | null;
  red: number | null;
  fmt: number;
  end: number;
  /**
   * The human values: `scope` `category` when RecQuest has this category's domain (laptops,
   * smart-watches), `all` when it has none and the row is compared with every dialogue.
   */
  human?: { crit: number | null; cpl: number | null; red: number | null; scope: "category" | "all" };
  delta?: { crit: number | null; cpl: number | null; red: number | null };
}

/** One conversation's figures, what `customersim compare` pairs across runs. */
export interface ConversationMetrics {
  /** The store's task: the persona, `PERSONA#k` for a sample k ≥ 1. */
  taskId: string;
  personaId: string;
  sample: number;
  category: CategoryId;
  da: number;
  crit: number | null;
  cpl: number | null;
  red: number | null;
  fmt: number;
  end: number;
}

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

function evalRow(
  chat: ChatScores,
  fidelity: FidelityScores,
  human: { scores: FidelityScores; scope: "category" | "all" } | undefined,
  extra: Pick<EvalRow, "floors" | "shownAcceptable">,
): EvalRow {
  const h = human?.scores;
  return {
    conversations: chat.conversations,
    da: chat.da,
    ...extra,
    crit: fidelity.crit,
    cpl: fidelity.cpl,
    red: fidelity.red,
    fmt: chat.fmt,
    end: chat.end,
    ...(h
      ? {
          human: { crit: h.crit, cpl: h.cpl, red: h.red, scope: human.scope },
          delta: {
            crit: diff(fidelity.crit, h.crit),
            cpl: diff(fidelity.cpl, h.cpl),
            red: diff(fidelity.red, h.red),
          },
        }
      : {}),
  };
}

/** The human baseline (RecQuest) with the same estimators as the runs. */
export async function humanBaseline(
  dir: string,
  judge: CustomerSimJudges | undefined,
): Promise<FidelityReport> {
  if (!judge) return measureRecQuestBaseline(dir);
  await judge.prefetch(readRecQuestDialogues(dir));
  return measureRecQuestBaseline(dir, {
    criteriaJudge: judge.criteria,
    completenessJudge: judge.completeness,
  });
}

export interface EvaluateRunOptions {
  /** Record a judge's calls in the run's spend ledger (the store must be writable). */
  recordSpend?: boolean;
  /** The DA floors (`da-floors.ts`); `false` skips them. `storeDir` goes into the command that makes missing ones. */
  floors?: false | { storeDir?: string };
}

export type RunEvaluation = Awaited<ReturnType<typeof evaluateRun>>;

async function fidelityOf(
  store: RunStore,
  runId: string,
  results: readonly ConversationResult[],
  judge: CustomerSimJudges | undefined,
  recordSpend: boolean,
): Promise<FidelityReport> {
  const dialogues = results.map((r) => shopperDialogue(r));
  const ledger: Promise<void>[] = [];
  const unsubscribe =
    judge && recordSpend
      ? judge.client.onCall(({ model, response }) => {
          ledger.push(store.recordSpend(runId, spendOf("judge", model, response)));
        })
      : undefined;
  try {
    if (judge) await judge.prefetch(dialogues);
    return await measureFidelity(
      dialogues,
      judge ? { criteriaJudge: judge.criteria, completenessJudge: judge.completeness } : {},
    );
  } finally {
    unsubscribe?.();
    await Promise.all(ledger);
  }
}

function conversationMetrics(
  results: readonly ConversationResult[],
  headers: readonly CustomerSimHeader[],
  fidelity: FidelityReport,
  acceptableOf: (personaId: string) => readonly string[],
): ConversationMetrics[] {
  return results.map((r, i) => {
    const f = fidelity.dialogues[i]!;
    return {
      taskId: headers[i]!.task.id,
      personaId: r.personaId,
      sample: sampleOf(headers[i]!),
      category: r.category,
      da: decisionAlignment({ ...r, acceptable: acceptableOf(r.personaId) }).da,
      crit: f.crit,
      cpl: f.cpl,
      red: f.red,
      fmt: r.shopperFormatError ? 1 : 0,
      end: r.endedAtFirstTurn ? 1 : 0,
    };
  });
}

/**
 * A run's figures and each conversation's: per category and overall (DA, Fmt., End. from the
 * conversations; Crit., %Cpl., Red. from the shopper's text, by the judge model when one is given;
 * the DA floors and the share of feasible personas shown an acceptable product beside DA).
 */
export async function measureRun(
  store: RunStore,
  runId: string,
  human: FidelityReport | undefined,
  judge?: CustomerSimJudges,
  options: EvaluateRunOptions = {},
) {
  const run = await requireRun(store, runId, "customersim");
  const data = loadCustomerSimData();
  const { results, headers } = await readCustomerSimRun(store, runId);
  if (!results.length) throw new SiturecError(`run ${runId} has no finished conversation to evaluate`);
  const chat = scoreConversations(results, data.personas.personas);
  const shown = shownAcceptable(results, data.personas.personas);
  const fidelity = await fidelityOf(store, runId, results, judge, options.recordSpend ?? false);
  const ids = new Set(results.map((r) => r.personaId));
  const played = data.personas.personas.filter((p) => ids.has(p.id));
  const floors =
    options.floors === false ? undefined : await daFloors(store, run, played, options.floors?.storeDir);
  // RecQuest's domains that are CustomerSim categories are read as them (recquest-reader.ts); a
  // category without one is compared with every dialogue, and says so (`scope`).
  const humanOf = (c?: CategoryId) => {
    if (!human) return undefined;
    const own = c ? human.byCategory[c] : undefined;
    return own
      ? { scores: own, scope: "category" as const }
      : { scores: human.overall, scope: "all" as const };
  };
  const floorsOf = (c?: CategoryId) =>
    floors
      ? {
          floors: {
            walkOut: (c ? floors.walkOut.byCategory[c] : floors.walkOut.overall) ?? null,
            buyFirst: (c ? floors.buyFirst.byCategory[c] : floors.buyFirst.overall) ?? null,
          },
        }
      : {};
  const categories = CATEGORY_IDS.filter((c) => chat.byCategory[c]);
  const first = headers[0]!;
  const evaluation = {
    run: run.id,
    status: run.status,
    shopper: first.agents.shopper,
    sales: first.agents.sales,
    steering: first.steering,
    estimators: { ...fidelity.estimators, ...(judge ? { judge: judge.model } : {}) },
    overall: evalRow(chat.overall, fidelity.overall, humanOf(), {
      ...floorsOf(),
      shownAcceptable: shown.overall,
    }),
    byCategory: Object.fromEntries(
      categories.map((c) => [
        c,
        evalRow(chat.byCategory[c]!, fidelity.byCategory[c]!, humanOf(c), {
          ...floorsOf(c),
          shownAcceptable: shown.byCategory[c]!,
        }),
      ]),
    ) as Partial<Record<CategoryId, EvalRow>>,
    cases: chat.overall.cases,
    /** Where the DA floors came from: played here, a floor run of the store, or the command to make it. */
    ...(floors ? { floors: floorSummary(floors) } : {}),
    /** The run's spend ledger: every model call, the judges' included. */
    spent: await store.spent(runId),
  };
  const acceptable = new Map(data.personas.personas.map((p) => [p.id, p.acceptable]));
  return {
    evaluation,
    conversations: conversationMetrics(results, headers, fidelity, (id) => acceptable.get(id) ?? []),
  };
}

function floorSummary(floors: DaFloors) {
  return {
    sales: floors.sales,
    walkOut: floors.walkOut.source,
    buyFirst: floors.buyFirst.source,
  };
}

/** A run's figures per category and overall (see `measureRun`); a judge's calls go to its spend ledger when `recordSpend`. */
export async function evaluateRun(
  store: RunStore,
  runId: string,
  human: FidelityReport | undefined,
  judge?: CustomerSimJudges,
  options: EvaluateRunOptions = {},
) {
  return (await measureRun(store, runId, human, judge, options)).evaluation;
}
