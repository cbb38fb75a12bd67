import type { Command } from "commander";
import { Option } from "commander";
import { SiturecError } from "../core/errors.js";
import { CATEGORY_IDS, type CustomerSimRole, type Sampling, samplingText } from "../customersim/index.js";
import {
  type CustomerSimRunConfig,
  parseCustomerSimRunConfig,
} from "../runner/customersim/customersim-config.js";
import { estimateCustomerSim } from "../runner/customersim/estimate-customersim.js";
import {
  type CustomerSimProgress,
  type CustomerSimRunResult,
  runCustomerSim,
} from "../runner/customersim/run-customersim.js";
import { resumeHint } from "../runner/plan.js";
import { readConfigFile } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import { StorageError } from "../storage/storage-error.js";
import { registerCustomerSimEvaluate } from "./customersim-evaluate-command.js";
import { requireCustomerSimRun } from "./customersim-evaluation.js";
import { registerCustomerSimExport } from "./customersim-export-command.js";
import {
  parseRoleMaxOutputTokens,
  parseRoleRepetitionPenalty,
  parseRoleTemperature,
  parseRoleTopP,
  type SamplingFlags,
  withSamplingFlags,
} from "./customersim-sampling-flags.js";
import { defaultStore } from "./default-store.js";
import { customerSimEstimateText } from "./estimate.js";
import type { CliIo } from "./io.js";
import { ProgressReporter } from "./progress-bar.js";
import { parseUsd } from "./run-command.js";
import { queueTroubleLines, resumeCommand, runTarget } from "./run-target.js";
import { withStopSignals } from "./stop-signals.js";
import { parseInteger } from "./tasks-command.js";

/** The `llm` section of a `siturec run` config file: the model client's settings. */
function llmSection(file: string): { llm?: Record<string, unknown> } {
  const llm = readConfigFile(file).llm;
  return llm && typeof llm === "object" ? { llm: llm as Record<string, unknown> } : {};
}

interface CustomerSimRunFlags extends SamplingFlags {
  shopper?: string;
  sales?: string;
  category?: string;
  personas?: string;
  steering?: string;
  retrieval?: string;
  concurrency?: number;
  turnLimit?: number;
  samples?: number;
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

/** Where `customersim run` writes, sets the exit code and asks whether stderr is a terminal. */
interface RunCommandIo {
  io: CliIo;
  setExit: (code: number) => void;
  isTty: () => boolean;
}

/** `customersim run`, `customersim evaluate` and `customersim export`. */
export function registerCustomerSimRuns(
  customersim: Command,
  io: CliIo,
  setExit: (code: number) => void,
  isTty: () => boolean,
): void {
  const run = customersim
    .command("run")
    .description(
      "play CustomerSim conversations (a shopper under test against a salesperson) as a run of the run store",
    );
  addConversationOptions(run);
  addSamplingOptions(run);
  addRunControlOptions(run);
  run.action((flags: CustomerSimRunFlags) => customerSimRunAction(flags, { io, setExit, isTty }));
  registerCustomerSimEvaluate(customersim, io);
  registerCustomerSimExport(customersim, io);
}

/** Who plays, which personas, and how the conversations go. */
function addConversationOptions(run: Command): void {
  run
    .option(
      "--shopper <id>",
      "shopper under test: rule, walk-out or buy-first (the DA floors), or a model id such as openai:gpt-4o",
    )
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
    );
}

/** How model-backed agents sample, and how many rollouts each persona gets. */
function addSamplingOptions(run: Command): void {
  run
    .option(
      "--samples <g>",
      "rollouts per persona (a GRPO group), each with its own seed (default 1; built-in agents play every sample alike)",
      parseInteger,
    )
    .option(
      "--temperature <role=t>",
      "a model agent's temperature, repeatable: shopper=T, sales=T (default 0.7 for open models on OpenAI-compatible servers, 1.0 for openai:, anthropic:, google:)",
      parseRoleTemperature,
    )
    .option("--top-p <role=p>", "a model agent's top-p, repeatable (default: the provider's)", parseRoleTopP)
    .option(
      "--repetition-penalty <role=r>",
      "a model agent's repetition penalty, repeatable (default 1.1 on OpenAI-compatible servers; other providers take none)",
      parseRoleRepetitionPenalty,
    )
    .option(
      "--max-output-tokens <role=n>",
      "a model agent's output-token limit, repeatable: shopper=N, sales=N (default shopper=2500, sales=2000)",
      parseRoleMaxOutputTokens,
    );
}

/** Where the run goes, who plays it, how it is named, resumed, budgeted and estimated. */
function addRunControlOptions(run: Command): void {
  run
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
    .option("--json", "with --estimate: print the estimate as JSON");
}

async function customerSimRunAction(flags: CustomerSimRunFlags, cx: RunCommandIo): Promise<void> {
  const target = runTarget(flags, flags.config ? readConfigFile(flags.config) : {});
  if (flags.detach && !target.queue)
    throw new SiturecError("--detach goes with --queue (a run in this process cannot detach)", {
      exitCode: 2,
    });
  const storeDir = target.store ?? defaultStore();
  const base = await baseConfig(flags, storeDir);
  const given = { ...base, ...flagConfig(flags) };
  const sampling = withSamplingFlags(
    base.sampling as Partial<Record<CustomerSimRole, Sampling>> | undefined,
    flags,
    { shopper: given.shopper as string | undefined, sales: given.sales as string | undefined },
  );
  const config = parseCustomerSimRunConfig({ ...given, ...sampling, storeDir });
  if (flags.json && !flags.estimate) throw new SiturecError("--json goes with --estimate", { exitCode: 2 });
  if (flags.estimate) {
    const e = await estimateCustomerSim(config, {
      ...(flags.resume ? { resume: flags.resume } : {}),
      ...(flags.estimateSample !== undefined ? { sample: flags.estimateSample } : {}),
    });
    cx.io.out(flags.json ? `${JSON.stringify(e, null, 2)}\n` : customerSimEstimateText(e, flags.maxCost));
    return;
  }
  await playRun(config, flags, target.queue, storeDir, cx);
}

/**
 * The configuration the flags start from: a resume continues with the run's own (flags given must
 * agree: the identity says); a new run starts from nothing and needs its two sides named.
 */
async function baseConfig(flags: CustomerSimRunFlags, storeDir: string): Promise<Record<string, unknown>> {
  if (flags.resume) {
    const store = openRunStore(storeDir, { readonly: true });
    try {
      const run = await requireCustomerSimRun(store, flags.resume);
      return run.config as Record<string, unknown>;
    } finally {
      await store.close();
    }
  }
  if (!flags.shopper || !flags.sales)
    throw new SiturecError("name the shopper under test (--shopper) and the salesperson (--sales)", {
      exitCode: 2,
      hint: "e.g. siturec customersim run --shopper rule --sales reference --personas 0:50",
    });
  return {};
}

/** The flags given (and the config file's `llm` section), as config fields. */
function flagConfig(flags: CustomerSimRunFlags): Record<string, unknown> {
  return {
    ...(flags.shopper ? { shopper: flags.shopper } : {}),
    ...(flags.sales ? { sales: flags.sales } : {}),
    ...(flags.category ? { category: flags.category } : {}),
    ...(flags.personas ? { personas: flags.personas } : {}),
    ...(flags.steering ? { steering: flags.steering } : {}),
    ...(flags.retrieval ? { retrieval: flags.retrieval } : {}),
    ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
    ...(flags.queueConcurrency !== undefined ? { queueConcurrency: flags.queueConcurrency } : {}),
    ...(flags.turnLimit !== undefined ? { turnLimit: flags.turnLimit } : {}),
    ...(flags.samples !== undefined ? { samples: flags.samples } : {}),
    ...(flags.config ? llmSection(flags.config) : {}),
  };
}

async function playRun(
  config: CustomerSimRunConfig,
  flags: CustomerSimRunFlags,
  queue: string | undefined,
  storeDir: string,
  cx: RunCommandIo,
): Promise<void> {
  const reporter = new ProgressReporter(cx.io.err, cx.isTty(), "DA");
  const controller = new AbortController();
  let runId = "";
  const again = () =>
    resumeCommand("siturec customersim run", runId, { store: storeDir, ...(queue ? { queue } : {}) });
  const onFirstSignal = (signal: NodeJS.Signals) =>
    cx.io.err(
      `\nstopping after the conversations in flight (${signal} again stops now); resume with: ${again()}\n`,
    );
  await withStopSignals(controller, onFirstSignal, async () => {
    try {
      const result = await runCustomerSim(config, {
        ...(flags.resume ? { resume: flags.resume } : {}),
        ...(flags.runId ? { runId: flags.runId } : {}),
        signal: controller.signal,
        ...(flags.maxCost !== undefined ? { maxCostUsd: flags.maxCost } : {}),
        ...(queue ? { queue, ...(flags.detach ? { detach: true } : {}) } : {}),
        onStart: (info) => {
          runId = info.runId;
          reporter.start(info.kept);
          const kept = info.kept ? ` (${info.kept} finished conversations kept)` : "";
          if (!flags.quiet)
            cx.io.err(`run ${info.runId}: ${info.total} conversations${kept} → ${info.storeDir}\n`);
        },
        onProgress: (p: CustomerSimProgress) => {
          if (!flags.quiet) reporter.update(p);
        },
      });
      printResult(result, flags.maxCost, storeDir, again, cx);
    } catch (err) {
      if (runId && err instanceof StorageError)
        cx.io.err(`\nrun ${runId} stopped; once that is fixed, ${resumeHint("customersim", runId)}\n`);
      throw err;
    }
  });
}

/** The run's outcome, and the exit code when it did not complete. */
function printResult(
  result: CustomerSimRunResult,
  maxCost: number | undefined,
  storeDir: string,
  again: () => string,
  { io, setExit }: RunCommandIo,
): void {
  if (result.status === "detached") {
    io.out(
      `\nrun ${result.runId}: its conversations are on the queue; workers (siturec worker) play them. Follow it with: siturec runs --store ${storeDir}\n`,
    );
    return;
  }
  const o = result.scores.overall;
  const agent = (role: CustomerSimRole) => {
    const s = result.sampling[role];
    return `${result.agents[role]}${s && samplingText(s) ? ` (${samplingText(s)})` : ""}`;
  };
  io.out(
    `\nrun ${result.runId} (${result.status}) in ${(result.wallMs / 1000).toFixed(1)} s · shopper ${agent("shopper")} · sales ${agent("sales")}\n`,
  );
  if (result.samples > 1)
    io.out(
      `${result.samples} samples per persona${Object.keys(result.sampling).length ? "" : " (built-in agents on both sides play every sample alike)"}\n`,
    );
  io.out(
    `${o.conversations} conversations: DA ${o.da.toFixed(3)} · ${result.purchases} purchases, ${result.abstentions} abstentions${result.errors ? ` · ${result.errors} failed` : ""} · Fmt. ${o.fmt.toFixed(3)} · End. ${o.end.toFixed(3)} · $${result.costUsd.toFixed(4)}\n`,
  );
  io.out(queueTroubleLines(result, "conversations"));
  if (result.status === "budget_exhausted") {
    io.out(
      `\nthe run's recorded spend ($${result.costUsd.toFixed(4)}) reached --max-cost $${maxCost}; no new conversation was started. Continue with a higher limit: ${again()} --max-cost AMOUNT\n`,
    );
    setExit(1);
  } else if (result.status !== "complete") {
    io.out(`\nresume with: ${again()}\n`);
    setExit(result.status === "interrupted" ? 130 : 1);
  }
}
