import { type Command, InvalidArgumentError } from "commander";
import { SiturecError } from "../core/errors.js";
import { startWorker, type WorkerEvent } from "../runner/queue/queue-worker.js";
import { redactUrl } from "../runner/queue/redis-url.js";
import { defaultStore } from "./default-store.js";
import type { CliIo } from "./io.js";
import { runTarget } from "./run-target.js";
import { parseInteger } from "./tasks-command.js";

function eventLine(e: WorkerEvent): string {
  const what = `${e.runId} ${e.env}/${e.taskId}`;
  if (e.kind === "start") return `${what}: playing (attempt ${e.attempt})`;
  if (e.kind === "end") return `${what}: done in ${(e.ms / 1000).toFixed(1)} s`;
  return `${what}: failed${e.final ? "" : ", to be retried"}: ${e.message}`;
}

/** `siturec worker`: plays queued episodes of any run until stopped. */
export function registerWorker(program: Command, io: CliIo): void {
  program
    .command("worker")
    .description(
      "play episodes that `siturec run --queue` enqueued, for any run, until stopped (SIGTERM or Ctrl-C finishes the episodes in flight)",
    )
    .option("--queue <url>", "Redis URL of the queue (default SITUREC_QUEUE_URL)")
    .option(
      "--store <url>",
      "the run store: postgres://… (or a folder, for workers on one machine; default SITUREC_STORE_URL)",
    )
    .option("--concurrency <n>", "episodes at once (default 2)", parseInteger)
    .option(
      "--take-over-after <seconds>",
      "how long a dead worker's episode waits before another worker plays it (default 20)",
      parseSeconds,
    )
    .action(
      async (flags: { queue?: string; store?: string; concurrency?: number; takeOverAfter?: number }) => {
        const target = runTarget(flags);
        if (!target.queue)
          throw new SiturecError("a worker needs a queue", {
            exitCode: 2,
            hint: "give --queue redis://HOST:PORT (or set SITUREC_QUEUE_URL)",
          });
        const store = target.store ?? defaultStore();
        const worker = await startWorker({
          queue: target.queue,
          store,
          ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
          ...(flags.takeOverAfter !== undefined ? { takeOverAfterMs: flags.takeOverAfter * 1000 } : {}),
          onEvent: (e) => io.err(`${new Date().toISOString()} ${eventLine(e)}\n`),
        });
        io.err(
          `worker ${worker.id}: queue ${redactUrl(target.queue)}, store ${redactUrl(store)}, ${flags.concurrency ?? 2} at once; SIGTERM or Ctrl-C stops after the episodes in flight\n`,
        );
        await new Promise<void>((resolve) => {
          let stopping = false;
          const stop = (signal: NodeJS.Signals) => {
            if (stopping) process.exit(signal === "SIGTERM" ? 143 : 130);
            stopping = true;
            io.err(`${signal}: finishing the episodes in flight (${signal} again stops now)\n`);
            void worker.close().then(resolve, resolve);
          };
          process.on("SIGINT", stop);
          process.on("SIGTERM", stop);
        });
        io.err(`worker ${worker.id} stopped\n`);
      },
    );
}

function parseSeconds(value: string): number {
  const s = Number(value);
  if (!Number.isFinite(s) || s < 1)
    throw new InvalidArgumentError("expected a number of seconds, at least 1");
  return s;
}
