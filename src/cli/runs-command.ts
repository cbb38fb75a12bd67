import { createWriteStream } from "node:fs";
import type { Command } from "commander";
import { Argument, Option } from "commander";
import type { StoredConversation } from "../customersim/stored-conversation.js";
import { uncachedInputTokens } from "../llm/prices.js";
import { errorCounts } from "../storage/error-counts.js";
import { openRunStore } from "../storage/open-run-store.js";
import { requireRun } from "../storage/require-run.js";
import { runRoles } from "../storage/run-roles.js";
import type { RunStore } from "../storage/run-store.js";
import { dirOption, storeOption } from "./default-store.js";
import { failureLines } from "./failure-lines.js";
import type { CliIo } from "./io.js";
import { formatTable } from "./table.js";

// `runs` lists a store with the storage layer alone: what `export` and `schema` need (CustomerSim,
// the environment server, the trajectory schemas) is imported by their actions.

/** A CustomerSim run's stored conversations, whole (header, rounds, outcome). */
async function* conversations(store: RunStore, runId: string): AsyncGenerator<StoredConversation> {
  const { storedConversation } = await import("../customersim/stored-conversation.js");
  for await (const e of store.storedEpisodes(runId)) yield storedConversation(e);
}

/**
 * Input tokens split by the providers' prompt caches, and what the caches saved: from the spend
 * ledger where it has rows (failed and restarted episodes included), else from the episodes.
 */
export function cacheTotals(
  rows: readonly {
    inputTokens: number;
    outputTokens: number;
    cachedInputTokens: number;
    cacheWriteTokens: number;
    cacheSavingUsd: number;
  }[],
) {
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  const inputTokens = sum((r) => r.inputTokens);
  const cachedInputTokens = sum((r) => r.cachedInputTokens);
  const cacheWriteTokens = sum((r) => r.cacheWriteTokens);
  return {
    inputTokens,
    uncachedInputTokens: uncachedInputTokens({ inputTokens, cachedInputTokens, cacheWriteTokens }),
    cachedInputTokens,
    cacheWriteTokens,
    outputTokens: sum((r) => r.outputTokens),
    cacheSavingUsd: sum((r) => r.cacheSavingUsd),
  };
}

/** Tokens as the tables show them: `IN (CACHED cached)`, or `-` when none. */
export function tokensCell(t: {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}): string {
  if (!t.inputTokens && !t.outputTokens) return "-";
  const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
  return `${k(t.inputTokens)} in${t.cachedInputTokens ? ` (${k(t.cachedInputTokens)} cached)` : ""}, ${k(t.outputTokens)} out`;
}

/**
 * One line per run: status, models, condition, counts, success and cost, with each store's figures
 * (what `runs --json` prints).
 */
export async function listRuns(dir: string) {
  // Summaries order stores by the env registry, which loads every store's definition: the table needs none.
  const { summarize } = await import("../runner/run-summary.js");
  return (await readRuns(dir)).map(({ rows, ...run }) => ({ ...run, summaries: summarize(rows) }));
}

/** The runs as the table shows them, each with its episodes. */
async function readRuns(dir: string) {
  const store = openRunStore(dir, { readonly: true });
  try {
    const runs = [];
    for (const run of await store.listRuns()) {
      const rows = await store.episodes(run.id);
      const spent = await store.spent(run.id);
      const finished = rows.filter((r) => r.status === "finished");
      const roles = runRoles(run);
      // CustomerSim's episodes succeed when the shopper's decision aligned: this is its DA.
      const successRate = finished.length ? finished.filter((r) => r.success).length / finished.length : null;
      runs.push({
        id: run.id,
        benchmark: run.benchmark,
        status: run.status,
        createdAt: run.createdAt,
        ...roles,
        ...(run.benchmark === "customersim" ? { salesperson: roles.assistant, da: successRate } : {}),
        planned: run.planned,
        finished: finished.length,
        errors: rows.filter((r) => r.status === "error").length,
        errorMessages: errorCounts(rows),
        successRate,
        // What was paid: the spend ledger (failed and restarted episodes included), else the episodes' sum.
        costUsd: spent.length
          ? spent.reduce((s, r) => s + r.costUsd, 0)
          : rows.reduce((s, r) => s + r.costUsd, 0),
        ...cacheTotals(spent.length ? spent : rows),
        spent,
        rows,
      });
    }
    return runs;
  } finally {
    await store.close();
  }
}

type ListedRun = Awaited<ReturnType<typeof readRuns>>[number];

// The columns both benchmarks share: how far a run got, and what it cost.
const done = (r: ListedRun) =>
  // A run with no plan (the environment server's: episodes come as clients ask) shows a count.
  `${r.finished}${r.planned ? `/${r.planned}` : ""}${r.errors ? ` (${r.errors} err)` : ""}`;
const rate = (r: ListedRun) => (r.successRate === null ? "--" : `${(100 * r.successRate).toFixed(1)}%`);
const spentCells = (r: ListedRun) => [
  tokensCell(r),
  `$${r.costUsd.toFixed(4)}`,
  r.cachedInputTokens || r.cacheWriteTokens ? `$${r.cacheSavingUsd.toFixed(4)}` : "-",
];
const SPENT = ["tokens", "cost", "cache saved"];

/** SituRecBench runs: the store, the three roles, the condition, and SR. */
function situRecTable(runs: ListedRun[]): string {
  return formatTable(
    ["run", "status", "env", "assistant", "shopper", "moderator", "condition", "done", "SR", ...SPENT],
    runs.map((r) => [
      r.id,
      r.status,
      r.env,
      r.assistant,
      r.shopper,
      r.moderator,
      r.condition,
      done(r),
      rate(r),
      ...spentCells(r),
    ]),
  );
}

/** CustomerSim runs: the category, the salesperson and the shopper under test, and DA (its success rate). */
function customerSimTable(runs: ListedRun[]): string {
  return formatTable(
    ["run", "status", "category", "salesperson", "shopper", "steering", "done", "DA", ...SPENT],
    runs.map((r) => [
      r.id,
      r.status,
      r.env.replace(/^customersim\/?/, "") || "all",
      r.assistant,
      r.shopper,
      r.condition === "human-steering" ? "human" : "-",
      done(r),
      rate(r),
      ...spentCells(r),
    ]),
  );
}

export function registerRuns(program: Command, io: CliIo): void {
  program
    .command("runs")
    .description("list the runs in a run store")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--json", "print JSON")
    .action(async (opts: { dir: string; json?: boolean }) => {
      if (opts.json) {
        io.out(`${JSON.stringify(await listRuns(opts.dir), null, 2)}\n`);
        return;
      }
      const runs = await readRuns(opts.dir);
      if (!runs.length) {
        io.out(`no runs in ${opts.dir}; start one with: siturec run\n`);
        return;
      }
      const situ = runs.filter((r) => r.benchmark !== "customersim");
      const customersim = runs.filter((r) => r.benchmark === "customersim");
      const titled = situ.length > 0 && customersim.length > 0;
      if (situ.length) io.out(`${titled ? "SituRecBench\n" : ""}${situRecTable(situ)}`);
      if (customersim.length) io.out(`${titled ? "\nCustomerSim\n" : ""}${customerSimTable(customersim)}`);
      for (const r of runs) io.out(failureLines(`\nwhy episodes of ${r.id} failed:`, r.errorMessages));
    });

  program
    .command("export")
    .description(
      "write a run's finished trajectories (a CustomerSim run's conversations), one per line (jsonl) or as one array (json)",
    )
    .argument("<run>", "run id (see siturec runs)")
    .addOption(storeOption())
    .addOption(dirOption())
    .addOption(new Option("--format <f>", "output format").choices(["jsonl", "json"]).default("jsonl"))
    .option("--out <file>", "write to a file instead of stdout")
    .action(async (runId: string, opts: { dir: string; format: "jsonl" | "json"; out?: string }) => {
      const store = openRunStore(opts.dir, { readonly: true });
      try {
        await requireRun(store, runId);
        const customersim = (await store.getRun(runId))!.benchmark === "customersim";
        const file = opts.out ? createWriteStream(opts.out) : undefined;
        const write = (text: string) => (file ? file.write(text) : io.out(text));
        let n = 0;
        if (opts.format === "json") write("[");
        const records: AsyncIterable<unknown> = customersim
          ? conversations(store, runId)
          : store.trajectories(runId);
        for await (const t of records) {
          if (opts.format === "json") write(`${n ? "," : ""}\n${JSON.stringify(t)}`);
          else write(`${JSON.stringify(t)}\n`);
          n++;
        }
        if (opts.format === "json") write("\n]\n");
        if (file) {
          await new Promise<void>((resolve, reject) =>
            file.end((err?: Error | null) => (err ? reject(err) : resolve())),
          );
          io.err(`wrote ${n} ${customersim ? "conversations" : "trajectories"} to ${opts.out}\n`);
        }
      } finally {
        await store.close();
      }
    });

  program
    .command("schema")
    .description("print a published JSON Schema")
    .addArgument(
      new Argument("<name>", "which schema").choices([
        "trajectory",
        "customersim-sft",
        "customersim-grpo",
        "env-protocol",
      ]),
    )
    .action(async (name: string) => {
      const schema =
        name === "trajectory"
          ? (await import("../trajectory/trajectory.js")).trajectoryJsonSchema()
          : name === "env-protocol"
            ? (await import("../env-server/index.js")).envProtocolJsonSchema()
            : (await import("../customersim/index.js")).rowJsonSchema(
                name === "customersim-sft" ? "sft" : "grpo",
              );
      io.out(`${JSON.stringify(schema, null, 2)}\n`);
    });
}
