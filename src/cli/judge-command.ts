import type { Command } from "commander";
import pLimit from "p-limit";
import { LlmJudge } from "../agents/llm/llm-judge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { estimateJudge } from "../eval/judge-estimate.js";
import { judgeTranscript } from "../eval/judge-transcript.js";
import { LlmError } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import { buildClient } from "../runner/build.js";
import { ConfigError, parseRunConfig, type RunConfig, readConfigFile } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import { spendOf } from "../storage/run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { DIR_HELP, defaultStore } from "./default-store.js";
import { costEstimateText } from "./estimate.js";
import type { CliIo } from "./io.js";
import { parseUsd } from "./run-command.js";
import { requireRun } from "./runs-command.js";
import { parseInteger } from "./tasks-command.js";

/** What `siturec judge` stores per episode (the trajectory's `judge` field). */
export interface JudgeRecord {
  model: string;
  promptHash: string;
  /** What the judge read: the textual record (the paper's input), or that with `--extras`. */
  input: "record" | "record+extras";
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

export function registerJudge(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("judge")
    .description(
      "score a run's finished trajectories on the seven dialogue-quality dimensions with an LLM judge",
    )
    .argument("<run>", "run id (see siturec runs)")
    .requiredOption("--model <id>", "judge model id, e.g. openai:gpt-4o")
    .option("--dir <dir>", DIR_HELP, defaultStore())
    .option("--concurrency <n>", "judge calls at once", parseInteger, 4)
    .option(
      "--config <file>",
      "a run config file (YAML or JSON) whose llm section applies: prices, retries, timeouts",
    )
    .option("--force", "re-judge trajectories that already have scores")
    .option("--no-cache", "neither read nor write the response cache")
    .option(
      "--max-cost <usd>",
      "stop starting judge calls once the run's recorded judge spend reaches this many USD (calls in flight finish; run again with a higher limit to go on)",
      parseUsd,
    )
    .option("--estimate", "print what judging would cost, without calling the judge (no HTTP)")
    .option("--json", "with --estimate: print the estimate as JSON")
    .option(
      "--extras",
      "also give the judge the task request, the outcome and the dialogue-act labels (the paper's judge reads the textual record only)",
    )
    .action(
      async (
        runId: string,
        opts: {
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
        },
      ) => {
        parseModelId(opts.model);
        if (opts.json && !opts.estimate)
          throw new ConfigError("--json goes with --estimate", { exitCode: 2 });
        const store = openRunStore(opts.dir, opts.estimate ? { readonly: true } : {});
        try {
          await requireRun(store, runId, "situ-rec");
          const prompts = builtinPrompts();
          const todo: Trajectory[] = [];
          for await (const t of store.trajectories(runId))
            if (opts.force || !(t.judge as JudgeRecord | undefined)?.scores) todo.push(t);
          if (opts.estimate) {
            const e = await estimateJudge(todo, {
              model: opts.model,
              prompts,
              extras: opts.extras === true,
              prices: llmConfig(opts).llm.prices,
            });
            io.out(
              opts.json
                ? `${JSON.stringify(e, null, 2)}\n`
                : costEstimateText(
                    `estimate: judging ${e.trajectories} trajectories of ${runId} with ${opts.model}; every request built, no model called`,
                    e,
                    {
                      ...(opts.maxCost !== undefined ? { maxCost: opts.maxCost } : {}),
                      job: "judging pass",
                      sampleColumn: "mean input",
                    },
                  ),
            );
            return;
          }
          const client = buildClient(llmConfig(opts), store.location);
          const judge = new LlmJudge({ model: opts.model, client, prompts, seed: 0 });
          // The judge's calls are the run's costs too; --max-cost counts every judge call it recorded.
          let judgeSpent = (await store.spent(runId))
            .filter((r) => r.role === "judge")
            .reduce((s, r) => s + r.costUsd, 0);
          const overBudget = () => opts.maxCost !== undefined && judgeSpent >= opts.maxCost;
          client.onCall(({ model, response }) => {
            judgeSpent += response.costUsd;
            void store.recordSpend(runId, spendOf("judge", model, response));
          });
          let skipped = 0;
          let done = 0;
          let cost = 0;
          let failed = 0;
          const limit = pLimit(opts.concurrency);
          await Promise.all(
            todo.map((t) =>
              limit(async () => {
                if (overBudget()) {
                  skipped++;
                  return;
                }
                try {
                  const reply = await judge.score(judgeTranscript(t, { extras: opts.extras === true }));
                  const record: JudgeRecord = {
                    model: opts.model,
                    promptHash: prompts.hash,
                    input: opts.extras ? "record+extras" : "record",
                    scores: reply.output?.scores ?? null,
                    ...(reply.output?.rationale ? { rationale: reply.output.rationale } : {}),
                    ...(reply.formatError ? { formatError: reply.formatError } : {}),
                    inputTokens: reply.calls.reduce((s, c) => s + c.inputTokens, 0),
                    outputTokens: reply.calls.reduce((s, c) => s + c.outputTokens, 0),
                    costUsd: reply.calls.reduce((s, c) => s + c.costUsd, 0),
                    cached: reply.calls.every((c) => c.cached),
                  };
                  await store.setJudge(runId, t.header.env, t.header.task.id, record);
                  cost += record.costUsd;
                  if (!record.scores) failed++;
                } catch (err) {
                  if (!(err instanceof LlmError)) throw err;
                  failed++;
                  io.err(`${t.header.task.id}: ${err.message}\n`);
                }
                done++;
                io.err(
                  `\rjudged ${done}/${todo.length} · $${cost.toFixed(4)}${failed ? ` · ${failed} failed` : ""}`,
                );
              }),
            ),
          );
          io.err("\n");
          io.out(
            `judged ${done - failed} of ${todo.length} trajectories of ${runId} with ${opts.model} ($${cost.toFixed(4)}); siturec evaluate ${runId} shows the scores\n`,
          );
          if (skipped) {
            io.out(
              `the run's recorded judge spend ($${judgeSpent.toFixed(4)}) reached --max-cost $${opts.maxCost}; ${skipped} trajectories were not judged. Go on with: siturec judge ${runId} --model ${opts.model} --max-cost AMOUNT\n`,
            );
            setExit(1);
          }
          if (failed) setExit(1);
        } finally {
          await store.close();
        }
      },
    );
}
