import type { Command } from "commander";
import type { FidelityReport } from "../customersim/index.js";
import {
  type CustomerSimJudges,
  estimatorText,
  evaluateRun,
  humanBaseline,
  type RunEvaluation,
} from "../eval/customersim/index.js";
import { openRunStore } from "../storage/open-run-store.js";
import { evalTable, floorLines, humanScopeText, judgesFromFlags, num } from "./customersim-evaluation.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

interface EvaluateFlags {
  dir: string;
  humanBaseline?: string;
  judge?: string;
  cache: boolean;
  concurrency: number;
  json?: boolean;
}

/** The human baseline's figures as `--json` prints them and the text summarises them. */
interface BaselineSummary {
  source: string | undefined;
  dialogues: number;
  estimators: FidelityReport["estimators"] & { judge?: string };
  overall: { crit: number | null; cpl: number | null; red: number | null };
  /** The dialogues of each category or RecQuest domain (laptop and smartwatch read as laptops, smart-watches). */
  byCategory: Record<string, number>;
}

/** `customersim evaluate`: the paper's figures of CustomerSim runs, printed. */
export function registerCustomerSimEvaluate(customersim: Command, io: CliIo): void {
  customersim
    .command("evaluate")
    .description(
      "DA, Crit., %Cpl., Red., Fmt. and End. of CustomerSim runs, per category and overall (Crit. and %Cpl. by a judge model with --judge, else by the rule-based estimators)",
    )
    .argument("<runs...>", "run ids (see siturec runs)")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--human-baseline <dir>", "RecQuest dialogues: print the human values and the differences")
    .option("--judge <id>", "judge model for Crit. and %Cpl., e.g. openai:gpt-4o (cached under DIR/cache)")
    .option("--no-cache", "with --judge: neither read nor write the response cache")
    .option("--concurrency <n>", "with --judge: judge calls at once", parseInteger, 4)
    .option("--json", "print JSON")
    .action((runIds: string[], opts: EvaluateFlags) => evaluateAction(runIds, opts, io));
}

async function evaluateAction(runIds: string[], opts: EvaluateFlags, io: CliIo): Promise<void> {
  const judge = judgesFromFlags(opts);
  const human = opts.humanBaseline ? await humanBaseline(opts.humanBaseline, judge) : undefined;
  // A judge's calls go to each run's spend ledger, as `siturec judge`'s do; without one, read only.
  const store = openRunStore(opts.dir, { readonly: !judge });
  try {
    const reports = [];
    for (const id of runIds)
      reports.push(
        await evaluateRun(store, id, human, judge, { recordSpend: true, floors: { storeDir: opts.dir } }),
      );
    const baseline = human ? baselineSummary(human, opts.humanBaseline, judge) : undefined;
    if (opts.json) io.out(evaluationJson(reports, baseline, judge));
    else printEvaluation(reports, baseline, human !== undefined, judge, io);
  } finally {
    await store.close();
  }
}

function baselineSummary(
  human: FidelityReport,
  source: string | undefined,
  judge: CustomerSimJudges | undefined,
): BaselineSummary {
  return {
    source,
    dialogues: human.overall.dialogues,
    estimators: { ...human.estimators, ...(judge ? { judge: judge.model } : {}) },
    overall: { crit: human.overall.crit, cpl: human.overall.cpl, red: human.overall.red },
    byCategory: Object.fromEntries(Object.entries(human.byCategory).map(([c, s]) => [c, s.dialogues])),
  };
}

function evaluationJson(
  reports: RunEvaluation[],
  baseline: BaselineSummary | undefined,
  judge: CustomerSimJudges | undefined,
): string {
  const spent = judge
    ? { judgeCalls: { calls: judge.calls, cached: judge.cachedCalls, costUsd: judge.costUsd } }
    : {};
  return `${JSON.stringify({ runs: reports, ...(baseline ? { human: baseline } : {}), ...spent }, null, 2)}\n`;
}

function printEvaluation(
  reports: RunEvaluation[],
  baseline: BaselineSummary | undefined,
  withHuman: boolean,
  judge: CustomerSimJudges | undefined,
  io: CliIo,
): void {
  for (const r of reports) {
    io.out(
      `run ${r.run} (${r.status}) · shopper ${r.shopper} · sales ${r.sales}${r.steering === "human" ? " · human steering" : ""}\n`,
    );
    io.out(evalTable(r, withHuman));
    io.out(floorLines(r));
    io.out(`estimators: ${estimatorText(judge)}\n\n`);
  }
  if (baseline)
    io.out(
      `human baseline: ${baseline.dialogues} RecQuest dialogues from ${baseline.source}: Crit. ${num(baseline.overall.crit)}, %Cpl. ${num(baseline.overall.cpl)}, Red. ${num(baseline.overall.red, 3)}; ${humanScopeText(baseline.byCategory)}\n`,
    );
  if (judge) io.out(`judge ${judge.model}: ${judge.spent()}\n`);
}
