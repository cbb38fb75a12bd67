import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { SiturecError } from "../core/errors.js";
import {
  evaluateNgramClassifier,
  type LabelledText,
  readRecQuestDialogues,
  serializeNgramModel,
  trainNgramClassifier,
} from "../customersim/index.js";
import { readCustomerSimRun } from "../customersim/stored-conversation.js";
import { compareConversations } from "../eval/customersim/compare-runs.js";
import { writeCustomerSimReport } from "../eval/customersim/customersim-report.js";
import { measureRun } from "../eval/customersim/evaluate-customersim-run.js";
import { estimatorText, humanBaseline, runLabels } from "../eval/customersim/index.js";
import type { ReportComparison } from "../eval/customersim/report-comparison-table.js";
import { openRunStore } from "../storage/open-run-store.js";
import { judgesFromFlags, requireCustomerSimRun } from "./customersim-evaluation.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

function parseShare(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n >= 1)
    throw new SiturecError(`expected a share between 0 and 1, got ${value}`, { exitCode: 2 });
  return n;
}

interface ReportFlags {
  out: string;
  dir: string;
  humanBaseline?: string;
  judge?: string;
  cache: boolean;
  concurrency: number;
}

interface NgramTrainFlags {
  humanBaseline: string;
  out: string;
  dir: string;
  seed: number;
  testShare: number;
  n: number;
  json?: boolean;
}

/** `customersim report` (Tables 1–3 and charts) and `customersim ngram train` (R_ngram's classifier). */
export function registerCustomerSimReport(customersim: Command, io: CliIo): void {
  registerReport(customersim, io);
  registerNgramTrain(customersim, io);
}

function registerReport(customersim: Command, io: CliIo): void {
  customersim
    .command("report")
    .description(
      "write the paper's Tables 1–3 (DA per category; End. and Fmt.; Crit., %Cpl., Red. and the differences to human) as Markdown, CSV and HTML, with charts (SVG and PNG) and an index page",
    )
    .argument("<runs...>", "run ids (see siturec runs)")
    .requiredOption("--out <dir>", "where to write the report")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--human-baseline <dir>", "RecQuest dialogues: the human values and the differences")
    .option("--judge <id>", "judge model for Crit. and %Cpl., e.g. openai:gpt-4o (cached under DIR/cache)")
    .option("--no-cache", "with --judge: neither read nor write the response cache")
    .option("--concurrency <n>", "with --judge: judge calls at once", parseInteger, 4)
    .action((runIds: string[], opts: ReportFlags) => reportAction(runIds, opts, io));
}

async function reportAction(runIds: string[], opts: ReportFlags, io: CliIo): Promise<void> {
  const judge = judgesFromFlags(opts);
  const human = opts.humanBaseline ? await humanBaseline(opts.humanBaseline, judge) : undefined;
  const store = openRunStore(opts.dir, { readonly: !judge });
  let written: Awaited<ReturnType<typeof writeCustomerSimReport>>;
  try {
    const measured = [];
    for (const id of runIds)
      measured.push(
        await measureRun(store, id, human, judge, { recordSpend: true, floors: { storeDir: opts.dir } }),
      );
    const runs = measured.map((m) => m.evaluation);
    written = await writeCustomerSimReport(
      {
        runs,
        ...(human && opts.humanBaseline ? { human: { source: opts.humanBaseline, report: human } } : {}),
        estimators: estimatorText(judge),
        comparisons: reportComparisons(measured, runLabels(runs)),
      },
      opts.out,
    );
  } finally {
    await store.close();
  }
  io.out(
    `wrote ${written.files.length} files to ${opts.out}; open ${opts.out}/index.html (or index.md)\n${estimatorText(judge)}${judge ? ` (${judge.spent()})` : ""}\n`,
  );
}

/** Each run after the first against the first, over the personas both played (none shared: left out). */
function reportComparisons(
  measured: readonly Awaited<ReturnType<typeof measureRun>>[],
  labels: readonly string[],
): ReportComparison[] {
  const [base, ...rest] = measured;
  if (!base) return [];
  return rest.flatMap((m, i) => {
    const comparison = compareConversations(m.conversations, base.conversations);
    return comparison.personas
      ? [
          {
            run: m.evaluation.run,
            label: labels[i + 1]!,
            baseline: base.evaluation.run,
            baselineLabel: labels[0]!,
            comparison,
          },
        ]
      : [];
  });
}

function registerNgramTrain(customersim: Command, io: CliIo): void {
  const ngram = customersim
    .command("ngram")
    .description("the n-gram classifier of R_ngram (human vs model shopper turns)");
  ngram
    .command("train")
    .description(
      "train the n-gram classifier on RecQuest's human shopper turns vs the model shopper turns of runs; print its held-out accuracy (seeded split) and write the model JSON (trained on every turn)",
    )
    .argument("<runs...>", "run ids whose shopper turns are the model side (see siturec runs)")
    .requiredOption("--human-baseline <dir>", "RecQuest dialogues: the human side")
    .requiredOption("--out <file>", "where to write the model JSON (for customersim export --classifier)")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--seed <n>", "seed of the train/held-out split", parseInteger, 0)
    .option("--test-share <x>", "share of turns held out", parseShare, 0.2)
    .option("--n <n>", "n-gram orders 1..n (1–3)", parseInteger, 2)
    .option("--json", "print JSON")
    .action((runIds: string[], opts: NgramTrainFlags) => ngramTrainAction(runIds, opts, io));
}

/** The non-blank texts, each as a labelled example. */
function labelled(texts: readonly string[], label: LabelledText["label"]): LabelledText[] {
  return texts.filter((t) => t.trim()).map((text) => ({ text, label }));
}

/** The shopper turns of the runs' conversations: the classifier's model side. */
async function modelTurns(dir: string, runIds: readonly string[]): Promise<LabelledText[]> {
  const model: LabelledText[] = [];
  const store = openRunStore(dir, { readonly: true });
  try {
    for (const id of runIds) {
      await requireCustomerSimRun(store, id);
      const { results } = await readCustomerSimRun(store, id);
      for (const r of results)
        model.push(
          ...labelled(
            r.transcript.filter((t) => t.role === "shopper").map((t) => t.text),
            "model",
          ),
        );
    }
  } finally {
    await store.close();
  }
  return model;
}

async function ngramTrainAction(runIds: string[], opts: NgramTrainFlags, io: CliIo): Promise<void> {
  if (opts.n < 1 || opts.n > 3) throw new SiturecError("--n must be 1, 2 or 3", { exitCode: 2 });
  const human = readRecQuestDialogues(opts.humanBaseline).flatMap((d) => labelled(d.shopperTurns, "human"));
  const model = await modelTurns(opts.dir, runIds);
  if (!human.length || !model.length)
    throw new SiturecError(
      `the classifier needs turns of both kinds: ${human.length} human, ${model.length} model`,
    );
  const examples = [...human, ...model];
  const held = evaluateNgramClassifier(examples, { seed: opts.seed, testShare: opts.testShare, n: opts.n });
  // The written model is the same recipe trained on every turn (naive Bayes: counts, no tuning).
  const full = trainNgramClassifier(examples, { n: opts.n, seed: opts.seed });
  writeFileSync(opts.out, serializeNgramModel(full));
  const majority = Math.max(human.length, model.length) / examples.length;
  const summary = {
    out: opts.out,
    turns: { human: human.length, model: model.length },
    split: { seed: opts.seed, train: held.train, test: held.test },
    n: opts.n,
    accuracy: held.accuracy,
    logLoss: held.logLoss,
    majorityBaseline: majority,
    calibration: full.calibration,
    ngrams: Object.keys(full.counts).length,
  };
  if (opts.json) {
    io.out(`${JSON.stringify(summary, null, 2)}\n`);
    return;
  }
  io.out(
    `${human.length} human turns (RecQuest, ${opts.humanBaseline}) vs ${model.length} model turns (${runIds.join(", ")})\n` +
      `held-out accuracy ${held.accuracy.toFixed(3)} on ${held.test} turns (seed ${opts.seed}, ${held.train} for training; majority class ${majority.toFixed(3)}); log loss ${held.logLoss.toFixed(3)}\n` +
      `calibration: P(human) = σ(${full.calibration.a.toFixed(3)} · mean log-likelihood ratio ${full.calibration.b < 0 ? "−" : "+"} ${Math.abs(full.calibration.b).toFixed(3)}), fitted on ${full.calibration.folds}-fold out-of-fold scores\n` +
      `wrote ${opts.out}: ${summary.ngrams} n-grams (1..${opts.n}), trained on all ${examples.length} turns; use it with customersim export --format grpo --classifier ${opts.out}\n`,
  );
}
