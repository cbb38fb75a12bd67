import type { Command } from "commander";
import { SiturecError } from "../core/errors.js";
import {
  type ConversationsComparison,
  compareConversations,
  METRIC_LABELS,
  type MetricComparison,
} from "../eval/customersim/compare-runs.js";
import { estimatorText } from "../eval/customersim/customersim-judges.js";
import { measureRun } from "../eval/customersim/evaluate-customersim-run.js";
import { openRunStore } from "../storage/open-run-store.js";
import { judgesFromFlags, num } from "./customersim-evaluation.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { formatTable } from "./table.js";
import { parseInteger } from "./tasks-command.js";

interface CompareFlags {
  dir: string;
  permutations: number;
  seed: number;
  judge?: string;
  cache: boolean;
  concurrency: number;
  json?: boolean;
}

/** `customersim compare A B`: two runs' metrics over the same personas, with their significance. */
export function registerCustomerSimCompare(customersim: Command, io: CliIo): void {
  customersim
    .command("compare")
    .description(
      "compare two CustomerSim runs persona by persona: per metric (DA, Crit., %Cpl., Red., Fmt., End.) the means, their difference (A − B), a paired permutation test's p and Cohen's d",
    )
    .argument("<runA>", "run id (see siturec runs)")
    .argument("<runB>", "run id it is compared with")
    .addOption(storeOption())
    .addOption(dirOption())
    .option(
      "--permutations <n>",
      "sign-flip permutations drawn (all 2^n when that is fewer)",
      parseInteger,
      10_000,
    )
    .option("--seed <n>", "seed of the permutation draws", parseInteger, 0)
    .option("--judge <id>", "judge model for Crit. and %Cpl., e.g. openai:gpt-4o (cached under DIR/cache)")
    .option("--no-cache", "with --judge: neither read nor write the response cache")
    .option("--concurrency <n>", "with --judge: judge calls at once", parseInteger, 4)
    .option("--json", "print JSON")
    .action((a: string, b: string, opts: CompareFlags) => compareAction(a, b, opts, io));
}

async function compareAction(runA: string, runB: string, opts: CompareFlags, io: CliIo): Promise<void> {
  if (opts.permutations < 1 || opts.permutations > 1_000_000)
    throw new SiturecError("--permutations must be 1..1000000", { exitCode: 2 });
  const judge = judgesFromFlags(opts);
  const store = openRunStore(opts.dir, { readonly: !judge });
  try {
    const [a, b] = [
      await measureRun(store, runA, undefined, judge, { recordSpend: true, floors: false }),
      await measureRun(store, runB, undefined, judge, { recordSpend: true, floors: false }),
    ];
    const comparison = compareConversations(a.conversations, b.conversations, opts);
    if (!comparison.personas)
      throw new SiturecError(`runs ${runA} and ${runB} share no persona: there is nothing to pair`, {
        hint: "compare runs over the same personas (the same --category and --personas)",
      });
    const side = (e: typeof a.evaluation) => ({
      run: e.run,
      shopper: e.shopper,
      sales: e.sales,
      steering: e.steering,
    });
    const result = {
      a: side(a.evaluation),
      b: side(b.evaluation),
      estimators: { ...a.evaluation.estimators },
      ...comparison,
    };
    if (opts.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else io.out(comparisonText(result, estimatorText(judge)));
    if (judge) io.err(`judge ${judge.model}: ${judge.spent()}\n`);
  } finally {
    await store.close();
  }
}

const pText = (m: MetricComparison) =>
  m.p === null ? "--" : m.p < 0.001 ? "<0.001" : m.p.toFixed(m.p < 0.01 ? 4 : 3);

/** The comparison as a table and the notes that say how it was computed. */
export function comparisonText(
  r: ConversationsComparison & {
    a: { run: string; shopper: string; sales: string };
    b: { run: string; shopper: string; sales: string };
  },
  estimators: string,
): string {
  const digits = (m: MetricComparison) => (m.metric === "crit" || m.metric === "cpl" ? 2 : 3);
  const rows = r.metrics.map((m) => [
    METRIC_LABELS[m.metric],
    String(m.pairs),
    num(m.meanA, digits(m)),
    num(m.meanB, digits(m)),
    m.difference === null ? "--" : `${m.difference >= 0 ? "+" : ""}${m.difference.toFixed(digits(m))}`,
    pText(m),
    num(m.d),
    num(m.dz),
  ]);
  const left = r.onlyA || r.onlyB ? ` (left out: ${r.onlyA} only in A, ${r.onlyB} only in B)` : "";
  return [
    `A: ${r.a.run} (${r.a.shopper} vs ${r.a.sales})\nB: ${r.b.run} (${r.b.shopper} vs ${r.b.sales})\n`,
    `${r.personas} personas played by both${left}\n`,
    formatTable(["metric", "pairs", "A", "B", "A − B", "p", "d", "d_z"], rows),
    `p: two-sided paired permutation test of the mean difference (a persona's samples averaged first; signs flipped at random, ${r.permutations.toLocaleString("en-US")} draws, seed ${r.seed}; exact over all 2^n patterns when that is fewer). d: Cohen's d with the pooled SD of the two runs; d_z: mean difference over the SD of the differences. ${estimators}.\n`,
  ].join("");
}
