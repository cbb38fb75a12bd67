import { SiturecError } from "../../core/errors.js";
import {
  CATEGORY_IDS,
  type ChatScores,
  categoryAttributeVocabulary,
  type FidelityReport,
  type FidelityScores,
  loadCustomerSimData,
  measureFidelity,
  measureRecQuestBaseline,
  readCustomerSimRun,
  readRecQuestDialogues,
  scoreConversations,
  shopperDialogue,
} from "../../customersim/index.js";
import { requireRun } from "../../storage/require-run.js";
import { type RunStore, spendOf } from "../../storage/run-store.js";
import type { CustomerSimJudges } from "./customersim-judges.js";

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
  const run = await requireRun(store, runId, "customersim");
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
