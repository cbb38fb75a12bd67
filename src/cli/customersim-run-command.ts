import { createWriteStream } from "node:fs";
import type { Command } from "commander";
import { Option } from "commander";
import { SiturecError } from "../core/errors.js";
import {
  CATEGORY_IDS,
  type ConversationResult,
  defaultChatStore,
  exportRollouts,
  loadCustomerSimData,
  type ReasonJudge,
  readNgramModel,
  rowJsonSchema,
  SALES_GREETING,
  shopperSystemPrompt,
} from "../customersim/index.js";
import { readCustomerSimRun } from "../customersim/stored-conversation.js";
import { estimatorText, evaluateRun, humanBaseline } from "../eval/customersim/index.js";
import { parseCustomerSimRunConfig } from "../runner/customersim/customersim-config.js";
import { estimateCustomerSim } from "../runner/customersim/estimate-customersim.js";
import { type CustomerSimProgress, runCustomerSim } from "../runner/customersim/run-customersim.js";
import { resumeHint } from "../runner/plan.js";
import { readConfigFile } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import { spendOf } from "../storage/run-store.js";
import { StorageError } from "../storage/storage-error.js";
import { evalTable, judgesFromFlags, num, requireCustomerSimRun } from "./customersim-evaluation.js";
import { defaultStore, dirOption, storeOption } from "./default-store.js";
import { customerSimEstimateText } from "./estimate.js";
import type { CliIo } from "./io.js";
import { ProgressReporter } from "./progress-bar.js";
import { parseUsd } from "./run-command.js";
import { runTarget } from "./run-target.js";
import { parseInteger } from "./tasks-command.js";

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
  retrieval?: string;
  concurrency?: number;
  turnLimit?: number;
  out?: string;
  runId?: string;
  resume?: string;
  quiet?: boolean;
  config?: string;
  maxCost?: number;
  estimate?: boolean;
  estimateSample?: number;
  json?: boolean;
  store?: string;
  queue?: string;
  detach?: boolean;
  queueConcurrency?: number;
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
    .option(
      "--retrieval <r>",
      "sales-tool retrieval: bm25 (default) or an embedding model id, e.g. openai:text-embedding-3-small",
    )
    .option("--concurrency <n>", "conversations at once (default 4)", parseInteger)
    .option(
      "--turn-limit <n>",
      "shopper turns before a conversation ends without a decision (default 10)",
      parseInteger,
    )
    .option("--out <dir>", "run store folder (default ./siturec-runs)")
    .option(
      "--store <url>",
      "the run store: a folder or postgres://… (default SITUREC_STORE_URL, else --out's)",
    )
    .option(
      "--queue <url>",
      "play the conversations on queue workers (siturec worker) through Redis here (default SITUREC_QUEUE_URL)",
    )
    .option("--detach", "with --queue: enqueue and return; the workers finish the run")
    .option(
      "--queue-concurrency <n>",
      "with --queue: at most N of the run's conversations at once across all workers",
      parseInteger,
    )
    .option("--run-id <name>", "name a new run (default: timestamp and identity)")
    .option("--resume <runId>", "continue a run: keep finished conversations, play the rest")
    .option("--quiet", "no progress output")
    .option(
      "--config <file>",
      "YAML or JSON file whose `llm` section sets the model client (prices, cache, retries)",
    )
    .option(
      "--max-cost <usd>",
      "stop starting conversations once the run's recorded spend reaches this many USD (resume with a higher limit)",
      parseUsd,
    )
    .option("--estimate", "print what the run would cost, without running it (no model call)")
    .option(
      "--estimate-sample <n>",
      "conversations whose first requests --estimate builds (default 8)",
      parseInteger,
    )
    .option("--json", "with --estimate: print the estimate as JSON")
    .action(async (flags: CustomerSimRunFlags) => {
      const target = runTarget(flags, flags.config ? readConfigFile(flags.config) : {});
      if (flags.detach && !target.queue)
        throw new SiturecError("--detach goes with --queue (a run in this process cannot detach)", {
          exitCode: 2,
        });
      const storeDir = target.store ?? defaultStore();
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
        ...(flags.retrieval ? { retrieval: flags.retrieval } : {}),
        ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
        ...(flags.queueConcurrency !== undefined ? { queueConcurrency: flags.queueConcurrency } : {}),
        ...(flags.turnLimit !== undefined ? { turnLimit: flags.turnLimit } : {}),
        ...(flags.config ? llmSection(flags.config) : {}),
        storeDir,
      });
      if (flags.json && !flags.estimate)
        throw new SiturecError("--json goes with --estimate", { exitCode: 2 });
      if (flags.estimate) {
        const e = await estimateCustomerSim(config, {
          ...(flags.resume ? { resume: flags.resume } : {}),
          ...(flags.estimateSample !== undefined ? { sample: flags.estimateSample } : {}),
        });
        io.out(flags.json ? `${JSON.stringify(e, null, 2)}\n` : customerSimEstimateText(e, flags.maxCost));
        return;
      }
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
          ...(flags.maxCost !== undefined ? { maxCostUsd: flags.maxCost } : {}),
          ...(target.queue ? { queue: target.queue, ...(flags.detach ? { detach: true } : {}) } : {}),
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
        if (result.status === "detached") {
          io.out(
            `\nrun ${result.runId}: its conversations are on the queue; workers (siturec worker) play them. Follow it with: siturec runs --store ${storeDir}\n`,
          );
          return;
        }
        const o = result.scores.overall;
        io.out(
          `\nrun ${result.runId} (${result.status}) in ${(result.wallMs / 1000).toFixed(1)} s · shopper ${result.agents.shopper} · sales ${result.agents.sales}\n`,
        );
        io.out(
          `${o.conversations} conversations: DA ${o.da.toFixed(3)} · ${result.purchases} purchases, ${result.abstentions} abstentions${result.errors ? ` · ${result.errors} failed` : ""} · Fmt. ${o.fmt.toFixed(3)} · End. ${o.end.toFixed(3)} · $${result.costUsd.toFixed(4)}\n`,
        );
        if (result.status === "budget_exhausted") {
          io.out(
            `\nthe run's recorded spend ($${result.costUsd.toFixed(4)}) reached --max-cost $${flags.maxCost}; no new conversation was started. Continue with a higher limit: ${again()} --max-cost AMOUNT\n`,
          );
          setExit(1);
        } else if (result.status !== "complete") {
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
    .action(
      async (
        runIds: string[],
        opts: {
          dir: string;
          humanBaseline?: string;
          judge?: string;
          cache: boolean;
          concurrency: number;
          json?: boolean;
        },
      ) => {
        const judge = judgesFromFlags(opts);
        const human = opts.humanBaseline ? await humanBaseline(opts.humanBaseline, judge) : undefined;
        // A judge's calls go to each run's spend ledger, as `siturec judge`'s do; without one, read only.
        const store = openRunStore(opts.dir, { readonly: !judge });
        try {
          const reports = [];
          for (const id of runIds)
            reports.push(await evaluateRun(store, id, human, judge, { recordSpend: true }));
          const baseline = human
            ? {
                source: opts.humanBaseline,
                dialogues: human.overall.dialogues,
                estimators: { ...human.estimators, ...(judge ? { judge: judge.model } : {}) },
                overall: { crit: human.overall.crit, cpl: human.overall.cpl, red: human.overall.red },
              }
            : undefined;
          if (opts.json) {
            const spent = judge
              ? { judgeCalls: { calls: judge.calls, cached: judge.cachedCalls, costUsd: judge.costUsd } }
              : {};
            io.out(
              `${JSON.stringify({ runs: reports, ...(baseline ? { human: baseline } : {}), ...spent }, null, 2)}\n`,
            );
            return;
          }
          for (const r of reports) {
            io.out(
              `run ${r.run} (${r.status}) · shopper ${r.shopper} · sales ${r.sales}${r.steering === "human" ? " · human steering" : ""}\n`,
            );
            io.out(evalTable(r, human !== undefined));
            io.out(`estimators: ${estimatorText(judge)}\n\n`);
          }
          if (baseline)
            io.out(
              `human baseline: ${baseline.dialogues} RecQuest dialogues from ${baseline.source}: Crit. ${num(baseline.overall.crit)}, %Cpl. ${num(baseline.overall.cpl)}, Red. ${num(baseline.overall.red, 3)} (a category without RecQuest dialogues of its name is compared with all of them)\n`,
            );
          if (judge) io.out(`judge ${judge.model}: ${judge.spent()}\n`);
        } finally {
          await store.close();
        }
      },
    );

  customersim
    .command("export")
    .description(
      "write a CustomerSim run's conversations as SFT or GRPO rows (JSONL, chat messages as TRL and verl read them), or print their JSON Schema",
    )
    .argument("[run]", "run id (see siturec runs)")
    .addOption(new Option("--format <f>", "row format").choices(["sft", "grpo"]))
    .addOption(new Option("--schema <f>", "print the JSON Schema of a row format").choices(["sft", "grpo"]))
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--out <file>", "write to a file instead of stdout")
    .option("--judge <id>", "grpo: judge model for R_reason, e.g. openai:gpt-4o (cached under DIR/cache)")
    .option("--classifier <file>", "grpo: n-gram classifier JSON (customersim ngram train) for R_ngram")
    .option("--no-cache", "with --judge: neither read nor write the response cache")
    .option("--concurrency <n>", "with --judge: judge calls at once", parseInteger, 4)
    .action(
      async (
        runId: string | undefined,
        opts: {
          format?: "sft" | "grpo";
          schema?: "sft" | "grpo";
          dir: string;
          out?: string;
          judge?: string;
          classifier?: string;
          cache: boolean;
          concurrency: number;
        },
      ) => {
        if (opts.schema) {
          io.out(`${JSON.stringify(rowJsonSchema(opts.schema), null, 2)}\n`);
          return;
        }
        if (!runId || !opts.format)
          throw new SiturecError("name a run and a --format (sft or grpo), or ask for --schema sft|grpo", {
            exitCode: 2,
          });
        if ((opts.judge || opts.classifier) && opts.format !== "grpo")
          throw new SiturecError("--judge and --classifier score GRPO rewards: use them with --format grpo", {
            exitCode: 2,
          });
        const classifier = opts.classifier ? readNgramModel(opts.classifier) : undefined;
        const judges = judgesFromFlags(opts);
        // A judge's calls go to the run's spend ledger, as `siturec judge`'s do; without one, read only.
        const store = openRunStore(opts.dir, { readonly: !judges });
        let text: string;
        let n: number;
        const ledger: Promise<void>[] = [];
        try {
          await requireCustomerSimRun(store, runId);
          const { results, headers } = await readCustomerSimRun(store, runId);
          const data = loadCustomerSimData();
          const chat = defaultChatStore();
          const steering = headers[0]?.steering ?? "none";
          let reasonJudge: ReasonJudge | undefined;
          if (judges) {
            judges.client.onCall(({ model, response }) => {
              ledger.push(store.recordSpend(runId, spendOf("judge", model, response)));
            });
            const products = new Map(data.catalog.products.map((p) => [p.id, p]));
            const judge = judges.reason((id) => products.get(id));
            // The rows are written in order, one at a time; the judge is asked about all of them at once.
            const scores = new Map<ConversationResult, Promise<number>>();
            const personas = new Map(data.personas.personas.map((p) => [p.id, p]));
            for (const r of results) {
              const persona = personas.get(r.personaId);
              if (persona) scores.set(r, judge({ persona, result: r }));
            }
            await Promise.all(scores.values());
            reasonJudge = (input) => scores.get(input.result) ?? judge(input);
          }
          // The system prompt is the LLM shopper's own for each persona (with the run's steering), and
          // the opening its greeting, so a policy trained on these rows sees what it will be prompted with.
          text = await exportRollouts(results, data.personas.personas, {
            format: opts.format,
            opening: SALES_GREETING,
            systemPrompt: (persona) =>
              shopperSystemPrompt(persona, chat.knowledge(persona.category), { steering }),
            ...(reasonJudge ? { reasonJudge } : {}),
            ...(classifier ? { classifier } : {}),
          });
          n = results.length;
        } finally {
          await Promise.all(ledger);
          await store.close();
        }
        if (opts.format === "grpo")
          io.err(
            `rewards: R_reason ${judges ? `by the judge model ${judges.model} (${judges.spent()})` : "null (no --judge)"}, R_ngram ${classifier ? `by the classifier ${opts.classifier}` : "null (no --classifier)"}\n`,
          );
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
