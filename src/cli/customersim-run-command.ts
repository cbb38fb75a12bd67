import { createWriteStream } from "node:fs";
import type { Command } from "commander";
import { Option } from "commander";
import { SiturecError } from "../core/errors.js";
import {
  CATEGORY_IDS,
  type ChatScores,
  categoryAttributeVocabulary,
  defaultChatStore,
  exportRollouts,
  type FidelityReport,
  type FidelityScores,
  loadCustomerSimData,
  measureFidelity,
  measureRecQuestBaseline,
  rowJsonSchema,
  SALES_GREETING,
  scoreConversations,
  shopperDialogue,
  shopperSystemPrompt,
} from "../customersim/index.js";
import { parseCustomerSimRunConfig } from "../runner/customersim/customersim-config.js";
import {
  type CustomerSimProgress,
  readCustomerSimRun,
  runCustomerSim,
} from "../runner/customersim/run-customersim.js";
import { resumeHint } from "../runner/plan.js";
import { readConfigFile } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { RunRow, RunStore } from "../storage/run-store.js";
import { StorageError } from "../storage/storage-error.js";
import type { CliIo } from "./io.js";
import { ProgressReporter } from "./progress-bar.js";
import { requireRun } from "./runs-command.js";
import { formatTable } from "./table.js";
import { parseInteger } from "./tasks-command.js";

const DEFAULT_DIR = "siturec-runs";

/** The `llm` section of a `siturec run` config file: the model client's settings. */
function llmSection(file: string): { llm?: Record<string, unknown> } {
  const llm = readConfigFile(file).llm;
  return llm && typeof llm === "object" ? { llm: llm as Record<string, unknown> } : {};
}

interface CustomerSimRunFlags {
  shopper?: string;
  sales?: string;
  category?: string;
  personas?: string;
  steering?: string;
  concurrency?: number;
  out?: string;
  runId?: string;
  resume?: string;
  quiet?: boolean;
  config?: string;
}

/** A CustomerSim run of a store, or an error saying what it is instead. */
export function requireCustomerSimRun(store: RunStore, runId: string): Promise<RunRow> {
  return requireRun(store, runId, "customersim");
}

const num = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "--" : v.toFixed(digits);

/** One row of `customersim evaluate`: the paper's six columns, with the human values where given. */
interface EvalRow {
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

/** A run's figures per category and overall (DA, Fmt., End. from the conversations; Crit., %Cpl., Red. from the shopper's text). */
async function evaluateRun(store: RunStore, runId: string, human: FidelityReport | undefined) {
  const run = await requireCustomerSimRun(store, runId);
  const data = loadCustomerSimData();
  const { results, headers } = await readCustomerSimRun(store, runId);
  if (!results.length) throw new SiturecError(`run ${runId} has no finished conversation to evaluate`);
  const chat = scoreConversations(results, data.personas.personas);
  const fidelity = await measureFidelity(
    results.map((r) => shopperDialogue(r)),
    {
      vocabulary: (c) =>
        (CATEGORY_IDS as readonly string[]).includes(c)
          ? categoryAttributeVocabulary(c as (typeof CATEGORY_IDS)[number], data)
          : undefined,
    },
  );
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
    estimators: fidelity.estimators,
    overall: evalRow(chat.overall, fidelity.overall, human?.overall),
    byCategory: Object.fromEntries(
      categories.map((c) => [c, evalRow(chat.byCategory[c]!, fidelity.byCategory[c]!, humanOf(c))]),
    ),
    cases: chat.overall.cases,
  };
}

function evalTable(report: Awaited<ReturnType<typeof evaluateRun>>, withHuman: boolean): string {
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

export function registerCustomerSimRuns(
  customersim: Command,
  io: CliIo,
  setExit: (code: number) => void,
  isTty: () => boolean,
): void {
  customersim
    .command("run")
    .description(
      "play CustomerSim conversations (a shopper under test against a salesperson) as a run of the run store",
    )
    .option("--shopper <id>", "shopper under test: rule, or a model id such as openai:gpt-4o")
    .option("--sales <id>", "salesperson: reference, pushy, or a model id")
    .addOption(new Option("--category <c>", "only this category's personas").choices([...CATEGORY_IDS]))
    .option("--personas <sel>", "persona positions FROM:TO among the selected ones (e.g. 0:50)")
    .addOption(new Option("--steering <s>", "human-style steering of an LLM shopper").choices(["human"]))
    .option("--concurrency <n>", "conversations at once (default 4)", parseInteger)
    .option("--out <dir>", "run store folder (default ./siturec-runs)")
    .option("--run-id <name>", "name a new run (default: timestamp and identity)")
    .option("--resume <runId>", "continue a run: keep finished conversations, play the rest")
    .option("--quiet", "no progress output")
    .option(
      "--config <file>",
      "YAML or JSON file whose `llm` section sets the model client (prices, cache, retries)",
    )
    .action(async (flags: CustomerSimRunFlags) => {
      const storeDir = flags.out ?? DEFAULT_DIR;
      let base: Record<string, unknown> = {};
      if (flags.resume) {
        // A resume continues with the run's own configuration (flags given must agree: the identity says).
        const store = openRunStore(storeDir, { readonly: true });
        try {
          const run = await requireCustomerSimRun(store, flags.resume);
          base = run.config as Record<string, unknown>;
        } finally {
          await store.close();
        }
      } else if (!flags.shopper || !flags.sales)
        throw new SiturecError("name the shopper under test (--shopper) and the salesperson (--sales)", {
          exitCode: 2,
          hint: "e.g. siturec customersim run --shopper rule --sales reference --personas 0:50",
        });
      const config = parseCustomerSimRunConfig({
        ...base,
        ...(flags.shopper ? { shopper: flags.shopper } : {}),
        ...(flags.sales ? { sales: flags.sales } : {}),
        ...(flags.category ? { category: flags.category } : {}),
        ...(flags.personas ? { personas: flags.personas } : {}),
        ...(flags.steering ? { steering: flags.steering } : {}),
        ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
        ...(flags.config ? llmSection(flags.config) : {}),
        storeDir,
      });
      const reporter = new ProgressReporter(io.err, isTty(), "DA");
      const controller = new AbortController();
      let runId = "";
      const again = () =>
        `siturec customersim run --resume ${runId}${flags.out ? ` --out ${flags.out}` : ""}`;
      const onSignal = (signal: NodeJS.Signals) => {
        if (controller.signal.aborted) process.exit(signal === "SIGTERM" ? 143 : 130);
        controller.abort();
        io.err(
          `\nstopping after the conversations in flight (${signal} again stops now); resume with: ${again()}\n`,
        );
      };
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
      try {
        const result = await runCustomerSim(config, {
          ...(flags.resume ? { resume: flags.resume } : {}),
          ...(flags.runId ? { runId: flags.runId } : {}),
          signal: controller.signal,
          onStart: (info) => {
            runId = info.runId;
            reporter.start(info.kept);
            const kept = info.kept ? ` (${info.kept} finished conversations kept)` : "";
            if (!flags.quiet)
              io.err(`run ${info.runId}: ${info.total} conversations${kept} → ${info.storeDir}\n`);
          },
          onProgress: (p: CustomerSimProgress) => {
            if (!flags.quiet) reporter.update(p);
          },
        });
        const o = result.scores.overall;
        io.out(
          `\nrun ${result.runId} (${result.status}) in ${(result.wallMs / 1000).toFixed(1)} s · shopper ${result.agents.shopper} · sales ${result.agents.sales}\n`,
        );
        io.out(
          `${o.conversations} conversations: DA ${o.da.toFixed(3)} · ${result.purchases} purchases, ${result.abstentions} abstentions${result.errors ? ` · ${result.errors} failed` : ""} · Fmt. ${o.fmt.toFixed(3)} · End. ${o.end.toFixed(3)} · $${result.costUsd.toFixed(4)}\n`,
        );
        if (result.status !== "complete") {
          io.out(`\nresume with: ${again()}\n`);
          setExit(result.status === "interrupted" ? 130 : 1);
        }
      } catch (err) {
        if (runId && err instanceof StorageError)
          io.err(`\nrun ${runId} stopped; once that is fixed, ${resumeHint("customersim", runId)}\n`);
        throw err;
      } finally {
        process.removeListener("SIGINT", onSignal);
        process.removeListener("SIGTERM", onSignal);
      }
    });

  customersim
    .command("evaluate")
    .description(
      "DA, Crit., %Cpl., Red., Fmt. and End. of CustomerSim runs, per category and overall (Crit. and %Cpl. by the rule-based estimators)",
    )
    .argument("<runs...>", "run ids (see siturec runs)")
    .option("--dir <dir>", "run store folder", DEFAULT_DIR)
    .option("--human-baseline <dir>", "RecQuest dialogues: print the human values and the differences")
    .option("--json", "print JSON")
    .action(async (runIds: string[], opts: { dir: string; humanBaseline?: string; json?: boolean }) => {
      const human = opts.humanBaseline ? await measureRecQuestBaseline(opts.humanBaseline) : undefined;
      const store = openRunStore(opts.dir, { readonly: true });
      try {
        const reports = [];
        for (const id of runIds) reports.push(await evaluateRun(store, id, human));
        const baseline = human
          ? {
              source: opts.humanBaseline,
              dialogues: human.overall.dialogues,
              estimators: human.estimators,
              overall: { crit: human.overall.crit, cpl: human.overall.cpl, red: human.overall.red },
            }
          : undefined;
        if (opts.json) {
          io.out(`${JSON.stringify({ runs: reports, ...(baseline ? { human: baseline } : {}) }, null, 2)}\n`);
          return;
        }
        for (const r of reports) {
          io.out(
            `run ${r.run} (${r.status}) · shopper ${r.shopper} · sales ${r.sales}${r.steering === "human" ? " · human steering" : ""}\n`,
          );
          io.out(evalTable(r, human !== undefined));
          io.out(
            `estimators: Crit. ${r.estimators.crit}, %Cpl. ${r.estimators.cpl} (rule: no judge model)\n\n`,
          );
        }
        if (baseline)
          io.out(
            `human baseline: ${baseline.dialogues} RecQuest dialogues from ${baseline.source}: Crit. ${num(baseline.overall.crit)}, %Cpl. ${num(baseline.overall.cpl)}, Red. ${num(baseline.overall.red, 3)} (a category without RecQuest dialogues of its name is compared with all of them)\n`,
          );
      } finally {
        await store.close();
      }
    });

  customersim
    .command("export")
    .description(
      "write a CustomerSim run's conversations as SFT or GRPO rows (JSONL, chat messages as TRL and verl read them), or print their JSON Schema",
    )
    .argument("[run]", "run id (see siturec runs)")
    .addOption(new Option("--format <f>", "row format").choices(["sft", "grpo"]))
    .addOption(new Option("--schema <f>", "print the JSON Schema of a row format").choices(["sft", "grpo"]))
    .option("--dir <dir>", "run store folder", DEFAULT_DIR)
    .option("--out <file>", "write to a file instead of stdout")
    .action(
      async (
        runId: string | undefined,
        opts: { format?: "sft" | "grpo"; schema?: "sft" | "grpo"; dir: string; out?: string },
      ) => {
        if (opts.schema) {
          io.out(`${JSON.stringify(rowJsonSchema(opts.schema), null, 2)}\n`);
          return;
        }
        if (!runId || !opts.format)
          throw new SiturecError("name a run and a --format (sft or grpo), or ask for --schema sft|grpo", {
            exitCode: 2,
          });
        const store = openRunStore(opts.dir, { readonly: true });
        let text: string;
        let n: number;
        try {
          await requireCustomerSimRun(store, runId);
          const { results, headers } = await readCustomerSimRun(store, runId);
          const chat = defaultChatStore();
          const steering = headers[0]?.steering ?? "none";
          // The system prompt is the LLM shopper's own for each persona (with the run's steering), and
          // the opening its greeting, so a policy trained on these rows sees what it will be prompted with.
          text = await exportRollouts(results, loadCustomerSimData().personas.personas, {
            format: opts.format,
            opening: SALES_GREETING,
            systemPrompt: (persona) =>
              shopperSystemPrompt(persona, chat.knowledge(persona.category), { steering }),
          });
          n = results.length;
        } finally {
          await store.close();
        }
        if (!opts.out) {
          io.out(text);
          return;
        }
        const file = createWriteStream(opts.out);
        file.write(text);
        await new Promise<void>((resolve, reject) =>
          file.end((err?: Error | null) => (err ? reject(err) : resolve())),
        );
        io.err(`wrote ${n} ${opts.format} rows to ${opts.out}\n`);
      },
    );
}
