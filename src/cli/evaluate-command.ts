import type { Command } from "commander";
import { JUDGE_DIMENSIONS } from "../agents/types.js";
import { SiturecError } from "../core/errors.js";
import { type CohortReport, type CohortUsage, evaluate } from "../eval/evaluate.js";
import {
  cohortJson,
  cohortLabel,
  formatMetric,
  MAIN_COLUMNS,
  PURCHASE_COLUMNS,
  storeDisplayName,
} from "../eval/format.js";
import { readRuns, readTrajectoryFile, TrajectoryFileError } from "../eval/read-trajectories.js";
import { PROTOCOL_COLUMNS } from "../eval/report/protocol-table.js";
import { writeReport } from "../eval/report/write-report.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { formatTable } from "./table.js";

async function load(runs: string[], opts: { dir: string; trajectories?: string }): Promise<Trajectory[]> {
  if (opts.trajectories) {
    if (runs.length) throw new TrajectoryFileError("give run ids or --trajectories FILE, not both");
    return readTrajectoryFile(opts.trajectories);
  }
  if (!runs.length)
    throw new TrajectoryFileError("name at least one run (see siturec runs) or --trajectories FILE.jsonl");
  return readRuns(opts.dir, runs);
}

const ROLES = ["assistant", "shopper", "moderator"] as const;

interface EvaluateFlags {
  dir: string;
  trajectories?: string;
  json?: boolean;
}

interface ReportFlags {
  out: string;
  dir: string;
  trajectories?: string;
}

export function registerEvaluate(program: Command, io: CliIo): void {
  program
    .command("evaluate")
    .description(
      "every SituRecBench metric per store and assistant, from stored runs or exported trajectories",
    )
    .argument("[runs...]", "run ids (see siturec runs)")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--trajectories <file>", "exported trajectories (JSON lines or a JSON array) instead of runs")
    .option("--json", "print JSON")
    .action((runs: string[], opts: EvaluateFlags) => evaluateAction(runs, opts, io));

  program
    .command("report")
    .description(
      "write Markdown and CSV tables in the paper's layouts and every chart (SVG and PNG) with an index page",
    )
    .argument("[runs...]", "run ids (see siturec runs)")
    .requiredOption("--out <dir>", "where to write the report")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--trajectories <file>", "exported trajectories instead of runs")
    .action((runs: string[], opts: ReportFlags) => reportAction(runs, opts, io));
}

async function evaluateAction(runs: string[], opts: EvaluateFlags, io: CliIo): Promise<void> {
  const trajectories = await load(runs, opts);
  if (!trajectories.length) throw new SiturecError("no finished trajectories to evaluate");
  const cohorts = evaluate(trajectories);
  if (opts.json) {
    io.out(`${JSON.stringify({ cohorts: cohorts.map(cohortJson) }, null, 2)}\n`);
    return;
  }
  for (const env of new Set(cohorts.map((c) => c.env))) {
    const here = cohorts.filter((c) => c.env === env);
    if (here.length) printStore(env, here, io);
  }
}

/** One store's cohorts: the main and purchase tables, format problems, model calls and the judge's scores. */
function printStore(env: string, here: CohortReport[], io: CliIo): void {
  const sd = here.some((c) => c.bySubsets) ? "mean ± SD over the four subsets" : "cohort means";
  io.out(`\n${storeDisplayName(env)} (${sd})\n`);
  io.out(mainTable(here));
  io.out("\n");
  io.out(purchaseTable(here));
  for (const c of here) {
    const roles = ROLES.filter((r) => c.format[r].errors || c.format[r].warnings);
    if (roles.length)
      io.out(
        `\nformat (${cohortLabel(c)}): ${roles.map((r) => `${r} ${c.format[r].errors} errors, ${c.format[r].warnings} warnings`).join("; ")}\n`,
      );
  }
  for (const c of here) {
    const roles = ROLES.filter((r) => c.usage[r].calls);
    if (roles.length)
      io.out(`\nmodel calls (${cohortLabel(c)}): ${roles.map((r) => usageText(r, c.usage[r])).join("; ")}\n`);
  }
  io.out("\nprotocol (role-turns; a = assistant, s = shopper, m = moderator)\n");
  io.out(protocolTable(here));
  if (here.some((c) => c.judge)) {
    io.out("\n");
    io.out(judgeTable(here));
  }
}

function protocolTable(here: CohortReport[]): string {
  return formatTable(
    ["assistant", ...PROTOCOL_COLUMNS.map(([h]) => h)],
    here.map((c) => [cohortLabel(c), ...PROTOCOL_COLUMNS.map(([, cell]) => cell(c.protocol))]),
  );
}

function mainTable(here: CohortReport[]): string {
  return formatTable(
    ["assistant", "N", ...MAIN_COLUMNS.map(([h]) => h)],
    here.map((c) => [cohortLabel(c), String(c.episodes), ...MAIN_COLUMNS.map(([, k]) => formatMetric(c[k]))]),
  );
}

function purchaseTable(here: CohortReport[]): string {
  return formatTable(
    ["assistant", ...PURCHASE_COLUMNS.map(([h]) => h), "CGV 0 (%)", "ΔCGV 1", "ΔCGV 5", "ΔCGV End"],
    here.map((c) => [
      cohortLabel(c),
      ...PURCHASE_COLUMNS.map(([, k]) => formatMetric(c[k])),
      formatMetric(c.cgv.h0!),
      formatMetric(c.delta_cgv.h1!),
      formatMetric(c.delta_cgv.h5!),
      formatMetric(c.delta_cgv.end!),
    ]),
  );
}

function usageText(role: string, u: CohortUsage): string {
  const cache = u.cachedInputTokens || u.cacheWriteTokens;
  return `${role} ${u.calls} calls, ${u.inputTokens} input tokens (${u.uncachedInputTokens} uncached, ${u.cachedInputTokens} cached${u.cacheWriteTokens ? `, ${u.cacheWriteTokens} cache writes` : ""}), ${u.outputTokens} output, $${u.costUsd.toFixed(4)}${cache ? ` (cache saved $${u.cacheSavingUsd.toFixed(4)})` : ""}`;
}

function judgeTable(here: CohortReport[]): string {
  return formatTable(
    ["assistant", "judged", "inform.", "natur.", "ground.", "prefer.", "proact.", "nonrep.", "overall"],
    here.map((c) => [
      cohortLabel(c),
      String(c.judged),
      ...JUDGE_DIMENSIONS.map((d) => (c.judge?.[d] ? formatMetric(c.judge[d]!, 2) : "–")),
    ]),
  );
}

async function reportAction(runs: string[], opts: ReportFlags, io: CliIo): Promise<void> {
  const trajectories = await load(runs, opts);
  if (!trajectories.length) throw new SiturecError("no finished trajectories to report on");
  const written = await writeReport(evaluate(trajectories), opts.out);
  io.out(`wrote ${written.files.length} files to ${opts.out}; open ${opts.out}/index.html (or index.md)\n`);
}
