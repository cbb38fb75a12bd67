import type { Command } from "commander";
import pLimit from "p-limit";
import { LlmJudge } from "../agents/llm/llm-judge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { judgeTranscript } from "../eval/judge-transcript.js";
import { LlmClient, LlmError } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import { openRunStore } from "../storage/open-run-store.js";
import { spendOf } from "../storage/run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import type { CliIo } from "./io.js";
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

export function registerJudge(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("judge")
    .description(
      "score a run's finished trajectories on the seven dialogue-quality dimensions with an LLM judge",
    )
    .argument("<run>", "run id (see siturec runs)")
    .requiredOption("--model <id>", "judge model id, e.g. openai:gpt-4o")
    .option("--dir <dir>", "run store folder", "siturec-runs")
    .option("--concurrency <n>", "judge calls at once", parseInteger, 4)
    .option("--force", "re-judge trajectories that already have scores")
    .option("--no-cache", "neither read nor write the response cache")
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
          cache: boolean;
          extras?: boolean;
        },
      ) => {
        parseModelId(opts.model);
        const store = openRunStore(opts.dir);
        try {
          await requireRun(store, runId, "situ-rec");
          const prompts = builtinPrompts();
          const client = new LlmClient({
            ...(opts.cache ? { cacheDir: `${opts.dir}/cache` } : { noCache: true }),
            concurrency: opts.concurrency,
          });
          const judge = new LlmJudge({ model: opts.model, client, prompts, seed: 0 });
          // The judge's calls are the run's costs too.
          client.onCall(({ model, response }) => {
            void store.recordSpend(runId, spendOf("judge", model, response));
          });
          const todo: Trajectory[] = [];
          for await (const t of store.trajectories(runId))
            if (opts.force || !(t.judge as JudgeRecord | undefined)?.scores) todo.push(t);
          let done = 0;
          let cost = 0;
          let failed = 0;
          const limit = pLimit(opts.concurrency);
          await Promise.all(
            todo.map((t) =>
              limit(async () => {
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
          if (failed) setExit(1);
        } finally {
          await store.close();
        }
      },
    );
}
