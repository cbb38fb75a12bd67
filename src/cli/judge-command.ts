import { type Command, InvalidArgumentError } from "commander";
import pLimit from "p-limit";
import { DEFAULT_JUDGE_TEMPERATURE, LlmJudge } from "../agents/llm/llm-judge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { estimateJudge } from "../eval/judge-estimate.js";
import { judgeTranscript } from "../eval/judge-transcript.js";
import { LlmError } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import { DEFAULT_MAX_OUTPUT_TOKENS, MAX_OUTPUT_TOKENS_LIMIT } from "../llm/output-tokens.js";
import { buildClient } from "../runner/build.js";
import { ConfigError, parseRunConfig, type RunConfig, readConfigFile } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import { requireRun } from "../storage/require-run.js";
import { type RunStore, spendOf } from "../storage/run-store.js";
import { StudyStore } from "../study/study-store.js";
import { studyRuns } from "../study/study-trajectories.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { dirOption, storeOption } from "./default-store.js";
import { costEstimateText } from "./estimate.js";
import type { CliIo } from "./io.js";
import { parseUsd } from "./run-command.js";
import { requireStudy } from "./study-lookup.js";
import { parseInteger } from "./tasks-command.js";

/** What `siturec judge` stores per episode (the trajectory's `judge` field). */
export interface JudgeRecord {
  model: string;
  promptHash: string;
  /** What the judge read: the textual record (the paper's input), or that with `--extras`. */
  input: "record" | "record+extras";
  /** The sampling temperature the judge was sent (absent in judgements before it was recorded: 0). */
  temperature?: number;
  /** The output-token limit the judge was sent (absent in judgements before it was recorded: none). */
  maxOutputTokens?: number;
  scores: Record<string, number> | null;
  rationale?: string;
  formatError?: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  cached: boolean;
}

/** The judge's model settings: the config file's `llm` section, with the command's cache and concurrency flags. */
function llmConfig(opts: { dir: string; config?: string; cache: boolean; concurrency: number }): RunConfig {
  const file = opts.config ? readConfigFile(opts.config) : {};
  const llm = { ...((file.llm as Record<string, unknown> | undefined) ?? {}), concurrency: opts.concurrency };
  return parseRunConfig({ storeDir: opts.dir, llm: opts.cache ? llm : { ...llm, noCache: true } }, "llm");
}

interface JudgeFlags {
  model: string;
  dir: string;
  concurrency: number;
  force?: boolean;
  config?: string;
  cache: boolean;
  extras?: boolean;
  maxCost?: number;
  estimate?: boolean;
  json?: boolean;
  study?: string;
  temperature: number;
  maxOutputTokens: number;
}

/** `--temperature T`: the judge's sampling temperature, 0 to 2. */
function parseJudgeTemperature(value: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n < 0 || n > 2)
    throw new InvalidArgumentError(`'${value}' is not a temperature from 0 to 2`);
  return n;
}

/** `--max-output-tokens N`: the most tokens one judge answer may take. */
function parseJudgeMaxOutputTokens(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > MAX_OUTPUT_TOKENS_LIMIT)
    throw new InvalidArgumentError(`'${value}' is not a token count from 1 to ${MAX_OUTPUT_TOKENS_LIMIT}`);
  return n;
}

/** What a judging pass covers: one run, or every run a study's interactions were stored in. */
interface JudgeTarget {
  runs: string[];
  /** "RUN", or "study STUDY (N runs)", as messages name it. */
  label: string;
  /** Whose recorded judge spend `--max-cost` counts. */
  spendOf: string;
  /** The command line that goes on after `--max-cost` stopped the pass. */
  goOn: string;
  /** What shows the scores afterwards. */
  next: string;
}

/** One trajectory to judge, with the run it is stored in. */
interface PendingJudgement {
  runId: string;
  trajectory: Trajectory;
}

async function judgeTarget(
  store: RunStore,
  runId: string | undefined,
  opts: JudgeFlags,
): Promise<JudgeTarget> {
  if (runId !== undefined && opts.study !== undefined)
    throw new ConfigError("give a run or --study STUDY, not both", { exitCode: 2 });
  if (opts.study === undefined) {
    if (runId === undefined)
      throw new ConfigError("name a run (see siturec runs) or --study STUDY", { exitCode: 2 });
    await requireRun(store, runId, "situ-rec");
    return {
      runs: [runId],
      label: runId,
      spendOf: "the run's",
      goOn: `siturec judge ${runId} --model ${opts.model} --max-cost AMOUNT`,
      next: `siturec evaluate ${runId} shows the scores`,
    };
  }
  const study = await requireStudy(store, opts.study);
  const runs = await studyRuns(store, await new StudyStore(store).records(study));
  return {
    runs,
    label: `study ${study.id} (${runs.length} run${runs.length === 1 ? "" : "s"})`,
    spendOf: "the study's runs'",
    goOn: `siturec judge --study ${study.id} --model ${opts.model} --max-cost AMOUNT`,
    next: `siturec human-agreement ${study.id} --sim RUN... compares them with simulated users`,
  };
}

async function pendingJudgements(store: RunStore, target: JudgeTarget, force: boolean) {
  const todo: PendingJudgement[] = [];
  for (const runId of target.runs)
    for await (const trajectory of store.trajectories(runId))
      if (force || !(trajectory.judge as JudgeRecord | undefined)?.scores) todo.push({ runId, trajectory });
  return todo;
}

async function printEstimate(io: CliIo, target: JudgeTarget, todo: PendingJudgement[], opts: JudgeFlags) {
  const e = await estimateJudge(
    todo.map((p) => p.trajectory),
    {
      model: opts.model,
      prompts: builtinPrompts(),
      extras: opts.extras === true,
      prices: llmConfig(opts).llm.prices,
    },
  );
  io.out(
    opts.json
      ? `${JSON.stringify(e, null, 2)}\n`
      : costEstimateText(
          `estimate: judging ${e.trajectories} trajectories of ${target.label} with ${opts.model}; every request built, no model called`,
          e,
          {
            ...(opts.maxCost !== undefined ? { maxCost: opts.maxCost } : {}),
            job: "judging pass",
            sampleColumn: "mean input",
          },
        ),
  );
}

/** What a judging pass did. */
interface JudgePass {
  done: number;
  failed: number;
  skipped: number;
  cost: number;
  judgeSpent: number;
}

/**
 * Judges the trajectories, storing each judgement with its episode; stops starting calls once the
 * target's recorded judge spend reaches `--max-cost`. Each run gets its own client, so every call
 * lands on the spend ledger of the run whose trajectory it judged.
 */
async function judgeAll(
  store: RunStore,
  target: JudgeTarget,
  todo: PendingJudgement[],
  opts: JudgeFlags,
  io: CliIo,
): Promise<JudgePass> {
  const prompts = builtinPrompts();
  const config = llmConfig(opts);
  // The judge's calls are the run's costs too; --max-cost counts every judge call it recorded.
  let judgeSpent = 0;
  for (const runId of target.runs)
    judgeSpent += (await store.spent(runId))
      .filter((r) => r.role === "judge")
      .reduce((s, r) => s + r.costUsd, 0);
  const judges = new Map<string, LlmJudge>();
  const judgeFor = (runId: string) => {
    let judge = judges.get(runId);
    if (!judge) {
      const client = buildClient(config, store.location);
      client.onCall(({ model, response }) => {
        judgeSpent += response.costUsd;
        void store.recordSpend(runId, spendOf("judge", model, response));
      });
      judge = new LlmJudge({
        model: opts.model,
        client,
        prompts,
        seed: 0,
        temperature: opts.temperature,
        maxOutputTokens: opts.maxOutputTokens,
      });
      judges.set(runId, judge);
    }
    return judge;
  };
  const overBudget = () => opts.maxCost !== undefined && judgeSpent >= opts.maxCost;
  const pass = { done: 0, failed: 0, skipped: 0, cost: 0 };
  const limit = pLimit(opts.concurrency);
  await Promise.all(
    todo.map(({ runId, trajectory: t }) =>
      limit(async () => {
        if (overBudget()) {
          pass.skipped++;
          return;
        }
        try {
          const reply = await judgeFor(runId).score(judgeTranscript(t, { extras: opts.extras === true }));
          const record: JudgeRecord = {
            model: opts.model,
            promptHash: prompts.hash,
            input: opts.extras ? "record+extras" : "record",
            temperature: opts.temperature,
            maxOutputTokens: opts.maxOutputTokens,
            scores: reply.output?.scores ?? null,
            ...(reply.output?.rationale ? { rationale: reply.output.rationale } : {}),
            ...(reply.formatError ? { formatError: reply.formatError } : {}),
            inputTokens: reply.calls.reduce((s, c) => s + c.inputTokens, 0),
            outputTokens: reply.calls.reduce((s, c) => s + c.outputTokens, 0),
            costUsd: reply.calls.reduce((s, c) => s + c.costUsd, 0),
            cached: reply.calls.every((c) => c.cached),
          };
          await store.setJudge(runId, t.header.env, t.header.task.id, record);
          pass.cost += record.costUsd;
          if (!record.scores) pass.failed++;
        } catch (err) {
          if (!(err instanceof LlmError)) throw err;
          pass.failed++;
          io.err(`${t.header.task.id}: ${err.message}\n`);
        }
        pass.done++;
        io.err(
          `\rjudged ${pass.done}/${todo.length} · $${pass.cost.toFixed(4)}${pass.failed ? ` · ${pass.failed} failed` : ""}`,
        );
      }),
    ),
  );
  io.err("\n");
  return { ...pass, judgeSpent };
}

export function registerJudge(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("judge")
    .description(
      "score a run's (or a study's) finished trajectories on the seven dialogue-quality dimensions with an LLM judge",
    )
    .argument("[run]", "run id (see siturec runs); or --study")
    .option("--study <id>", "judge every run of this human-evaluation study instead of one run")
    .requiredOption("--model <id>", "judge model id, e.g. openai:gpt-4o")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--concurrency <n>", "judge calls at once", parseInteger, 4)
    .option(
      "--temperature <t>",
      "the judge's sampling temperature",
      parseJudgeTemperature,
      DEFAULT_JUDGE_TEMPERATURE,
    )
    .option(
      "--max-output-tokens <n>",
      "the most tokens one judge answer may take (seven scores and a rationale)",
      parseJudgeMaxOutputTokens,
      DEFAULT_MAX_OUTPUT_TOKENS.judge,
    )
    .option(
      "--config <file>",
      "a run config file (YAML or JSON) whose llm section applies: prices, retries, timeouts",
    )
    .option("--force", "re-judge trajectories that already have scores")
    .option("--no-cache", "neither read nor write the response cache")
    .option(
      "--max-cost <usd>",
      "stop starting judge calls once the run's (with --study, the study's runs' together) recorded judge spend reaches this many USD (calls in flight finish; run again with a higher limit to go on)",
      parseUsd,
    )
    .option("--estimate", "print what judging would cost, without calling the judge (no HTTP)")
    .option("--json", "with --estimate: print the estimate as JSON")
    .option(
      "--extras",
      "also give the judge the task request, the outcome and the dialogue-act labels (the paper's judge reads the textual record only)",
    )
    .action(async (runId: string | undefined, opts: JudgeFlags) => {
      parseModelId(opts.model);
      if (opts.json && !opts.estimate) throw new ConfigError("--json goes with --estimate", { exitCode: 2 });
      const store = openRunStore(opts.dir, opts.estimate ? { readonly: true } : {});
      try {
        const target = await judgeTarget(store, runId, opts);
        const todo = await pendingJudgements(store, target, opts.force === true);
        if (opts.estimate) return await printEstimate(io, target, todo, opts);
        const pass = await judgeAll(store, target, todo, opts, io);
        io.out(
          `judged ${pass.done - pass.failed} of ${todo.length} trajectories of ${target.label} with ${opts.model} ($${pass.cost.toFixed(4)}); ${target.next}\n`,
        );
        if (pass.skipped) {
          io.out(
            `${target.spendOf} recorded judge spend ($${pass.judgeSpent.toFixed(4)}) reached --max-cost $${opts.maxCost}; ${pass.skipped} trajectories were not judged. Go on with: ${target.goOn}\n`,
          );
          setExit(1);
        }
        if (pass.failed) setExit(1);
      } finally {
        await store.close();
      }
    });
}
