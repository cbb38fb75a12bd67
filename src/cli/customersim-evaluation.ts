import { join } from "node:path";
import { SiturecError } from "../core/errors.js";
import {
  CATEGORY_IDS,
  type ChatScores,
  type CompletenessJudge,
  type CriteriaJudge,
  categoryAttributeVocabulary,
  type FidelityReport,
  type FidelityScores,
  llmCompletenessJudge,
  llmCriteriaJudge,
  llmReasonJudge,
  loadCustomerSimData,
  measureFidelity,
  measureRecQuestBaseline,
  type ReasonJudge,
  readRecQuestDialogues,
  type ShopperDialogue,
  scoreConversations,
  shopperDialogue,
} from "../customersim/index.js";
import { type CallEvent, LlmClient } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import { readCustomerSimRun } from "../runner/customersim/run-customersim.js";
import { type RunRow, type RunStore, spendOf } from "../storage/run-store.js";
import { requireRun } from "./runs-command.js";
import { formatTable } from "./table.js";

/** A CustomerSim run of a store, or an error saying what it is instead. */
export function requireCustomerSimRun(store: RunStore, runId: string): Promise<RunRow> {
  return requireRun(store, runId, "customersim");
}

export const num = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "--" : v.toFixed(digits);

/**
 * The model-backed judges of `customersim evaluate|report|export --judge MODEL`, on one model client
 * built the way `siturec judge` builds its own: responses cached under the run store (`DIR/cache`)
 * unless `noCache`, every call's tokens and cost heard by `onCall` listeners (the spend ledger).
 */
export class CustomerSimJudges {
  readonly client: LlmClient;
  /** Calls made and what they cost, cached calls included (at no cost). */
  calls = 0;
  cachedCalls = 0;
  costUsd = 0;
  readonly criteria: CriteriaJudge;
  readonly completeness: CompletenessJudge;
  private readonly memo = new Map<string, Promise<number>>();

  constructor(
    readonly model: string,
    opts: { storeDir: string; noCache?: boolean; concurrency?: number },
  ) {
    parseModelId(model);
    this.client = new LlmClient({
      ...(opts.noCache ? { noCache: true } : { cacheDir: join(opts.storeDir, "cache") }),
      concurrency: opts.concurrency ?? 4,
    });
    this.client.onCall(({ response }: CallEvent) => {
      this.calls++;
      if (response.cached) this.cachedCalls++;
      this.costUsd += response.costUsd;
    });
    const judge = { model, client: this.client };
    this.criteria = this.memoised("crit", llmCriteriaJudge(judge));
    this.completeness = this.memoised("cpl", llmCompletenessJudge(judge));
  }

  /** The same text is judged once per process (measureFidelity asks one dialogue at a time; `prefetch` asks them all at once). */
  private memoised(kind: string, judge: (text: string) => Promise<number>) {
    return (text: string) => {
      const key = `${kind}\u0000${text}`;
      let p = this.memo.get(key);
      if (!p) {
        p = judge(text);
        this.memo.set(key, p);
      }
      return p;
    };
  }

  reason(productOf: Parameters<typeof llmReasonJudge>[0]["productOf"]): ReasonJudge {
    return llmReasonJudge({ model: this.model, client: this.client, ...(productOf ? { productOf } : {}) });
  }

  /**
   * Asks for every dialogue's Crit. and %Cpl. at once (the client's concurrency bounds the calls), so
   * that measureFidelity, which asks one dialogue at a time, reads the answers from the memo.
   */
  async prefetch(dialogues: readonly ShopperDialogue[]): Promise<void> {
    await Promise.all(
      dialogues.flatMap((d) => [
        ...(d.shopperTurns[0] !== undefined ? [this.criteria(d.shopperTurns[0])] : []),
        this.completeness(d.shopperTurns.join("\n")),
      ]),
    );
  }

  /** What the judges spent, for a summary line. */
  spent(): string {
    return `${this.calls} judge calls (${this.cachedCalls} cached), $${this.costUsd.toFixed(4)}`;
  }
}

/** Which estimator gave Crit. and %Cpl., in words (the judge's model id, or the rule-based estimator). */
export function estimatorText(judge: CustomerSimJudges | undefined): string {
  return judge
    ? `Crit. and %Cpl. by the judge model ${judge.model}`
    : "Crit. and %Cpl. by the rule-based estimators (no --judge model)";
}

/** One row of `customersim evaluate`: the paper's six columns, with the human values where given. */
export interface EvalRow {
  conversations: number;
  da: number;
  crit: number | null;
  cpl: number | null;
  red: number | null;
  fmt: number;
  end: number;
  human?: { crit: number | null; cpl: number | null; red: number | null };
  delta?: { crit: number | null; cpl: number | null; red: number | null };
}

function evalRow(chat: ChatScores, fidelity: FidelityScores, human: FidelityScores | undefined): EvalRow {
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return {
    conversations: chat.conversations,
    da: chat.da,
    crit: fidelity.crit,
    cpl: fidelity.cpl,
    red: fidelity.red,
    fmt: chat.fmt,
    end: chat.end,
    ...(human
      ? {
          human: { crit: human.crit, cpl: human.cpl, red: human.red },
          delta: {
            crit: diff(fidelity.crit, human.crit),
            cpl: diff(fidelity.cpl, human.cpl),
            red: diff(fidelity.red, human.red),
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

export type RunEvaluation = Awaited<ReturnType<typeof evaluateRun>>;

/**
 * A run's figures per category and overall (DA, Fmt., End. from the conversations; Crit., %Cpl.,
 * Red. from the shopper's text, by the judge model when one is given). A judge's calls are recorded
 * in the run's spend ledger (role `judge`) when the store is writable.
 */
export async function evaluateRun(
  store: RunStore,
  runId: string,
  human: FidelityReport | undefined,
  judge?: CustomerSimJudges,
  options: { recordSpend?: boolean } = {},
) {
  const run = await requireCustomerSimRun(store, runId);
  const data = loadCustomerSimData();
  const { results, headers } = await readCustomerSimRun(store, runId);
  if (!results.length) throw new SiturecError(`run ${runId} has no finished conversation to evaluate`);
  const chat = scoreConversations(results, data.personas.personas);
  const dialogues = results.map((r) => shopperDialogue(r));
  const ledger: Promise<void>[] = [];
  const unsubscribe =
    judge && options.recordSpend
      ? judge.client.onCall(({ model, response }) => {
          ledger.push(store.recordSpend(runId, spendOf("judge", model, response)));
        })
      : undefined;
  let fidelity: FidelityReport;
  try {
    if (judge) await judge.prefetch(dialogues);
    fidelity = await measureFidelity(dialogues, {
      vocabulary: (c) =>
        (CATEGORY_IDS as readonly string[]).includes(c)
          ? categoryAttributeVocabulary(c as (typeof CATEGORY_IDS)[number], data)
          : undefined,
      ...(judge ? { criteriaJudge: judge.criteria, completenessJudge: judge.completeness } : {}),
    });
  } finally {
    unsubscribe?.();
    await Promise.all(ledger);
  }
  // RecQuest's domains are not CustomerSim's categories: a category is compared with the human
  // dialogues of the same name when there are any, else with all of them.
  const humanOf = (c: string) => (human ? (human.byCategory[c] ?? human.overall) : undefined);
  const categories = CATEGORY_IDS.filter((c) => chat.byCategory[c]);
  const first = headers[0]!;
  return {
    run: run.id,
    status: run.status,
    shopper: first.agents.shopper,
    sales: first.agents.sales,
    steering: first.steering,
    estimators: { ...fidelity.estimators, ...(judge ? { judge: judge.model } : {}) },
    overall: evalRow(chat.overall, fidelity.overall, human?.overall),
    byCategory: Object.fromEntries(
      categories.map((c) => [c, evalRow(chat.byCategory[c]!, fidelity.byCategory[c]!, humanOf(c))]),
    ) as Partial<Record<(typeof CATEGORY_IDS)[number], EvalRow>>,
    cases: chat.overall.cases,
    /** The run's spend ledger: every model call, the judges' included. */
    spent: await store.spent(runId),
  };
}

export function evalTable(report: RunEvaluation, withHuman: boolean): string {
  const rows = [
    ...Object.entries(report.byCategory).map(([c, r]) => [c, r] as const),
    ["overall", report.overall] as const,
  ];
  const headers = ["category", "n", "DA", "Crit.", "%Cpl.", "Red.", "Fmt.", "End."];
  if (withHuman) headers.push("Crit. human", "%Cpl. human", "Red. human", "ΔCrit.", "Δ%Cpl.", "ΔRed.");
  return formatTable(
    headers,
    rows.map(([c, r]) => [
      c,
      String(r.conversations),
      num(r.da, 3),
      num(r.crit),
      num(r.cpl),
      num(r.red, 3),
      num(r.fmt, 3),
      num(r.end, 3),
      ...(withHuman
        ? [
            num(r.human?.crit),
            num(r.human?.cpl),
            num(r.human?.red, 3),
            num(r.delta?.crit),
            num(r.delta?.cpl),
            num(r.delta?.red, 3),
          ]
        : []),
    ]),
  );
}

/** The judge a command's `--judge`, `--no-cache` and `--concurrency` flags ask for, if any. */
export function judgesFromFlags(opts: {
  judge?: string;
  dir: string;
  cache: boolean;
  concurrency: number;
}): CustomerSimJudges | undefined {
  return opts.judge
    ? new CustomerSimJudges(opts.judge, {
        storeDir: opts.dir,
        noCache: !opts.cache,
        concurrency: opts.concurrency,
      })
    : undefined;
}
