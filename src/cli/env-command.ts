import { type Command, InvalidArgumentError } from "commander";
import { isLoopback, type RunningEnvServer, startEnvServer } from "../env-server/index.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

/** The servers `env serve` runs in this process, and how to stop each (tests and embedders stop them here). */
const running = new Map<RunningEnvServer, () => void>();

/** The environment servers `siturec env serve` has started in this process and not yet stopped. */
export function runningEnvServers(): RunningEnvServer[] {
  return [...running.keys()];
}

/** Stops every environment server `siturec env serve` started in this process (as Ctrl-C does). */
export function stopEnvServers(): void {
  for (const stop of running.values()) stop();
}

interface ServeFlags {
  port: number;
  host: string;
  maxSessions: number;
  token?: string;
  dir: string;
  idleTimeout: number;
  renderPages: number;
  resetDefaults?: Record<string, unknown>;
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InvalidArgumentError(`not JSON: ${(err as Error).message}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new InvalidArgumentError("expected a JSON object of session spec fields");
  return value as Record<string, unknown>;
}

/** `siturec env serve`: SituRecBench and CustomerSim as environments over HTTP and WebSocket. */
export function registerEnvCommand(program: Command, io: CliIo): void {
  const env = program
    .command("env")
    .description("serve the benchmarks as environments for agents and RL trainers (OpenEnv-style)");
  env
    .command("serve")
    .description(
      "an HTTP + WebSocket server of reset/step/state sessions, each one episode stored in a run (docs/env-server.md)",
    )
    .option("--port <n>", "port (0: any free one)", parseInteger, 7576)
    .option("--host <host>", "address to listen on (a token is required beyond loopback)", "127.0.0.1")
    .option("--max-sessions <n>", "sessions open at once", parseInteger, 64)
    .option(
      "--token <token>",
      "the token clients must send (default: none on loopback, a random one otherwise)",
    )
    .addOption(storeOption())
    .addOption(dirOption())
    .option(
      "--idle-timeout <seconds>",
      "drop a session untouched this long (its episode stored as failed)",
      parseInteger,
      600,
    )
    .option("--render-pages <n>", "render pages for SituRecBench sessions", parseInteger, 1)
    .option(
      "--reset-defaults <json>",
      'OpenEnv protocol (/ws, POST /reset): the session spec fields a reset leaves out, e.g. \'{"env":"customersim","images":"none"}\'',
      parseJsonObject,
    )
    .action(async (opts: ServeFlags) => {
      const server = await startEnvServer({
        port: opts.port,
        host: opts.host,
        maxSessions: opts.maxSessions,
        dir: opts.dir,
        idleTimeoutMs: opts.idleTimeout * 1000,
        renderPages: opts.renderPages,
        ...(opts.resetDefaults !== undefined ? { resetDefaults: opts.resetDefaults } : {}),
        ...(opts.token !== undefined ? { token: opts.token } : {}),
      });
      io.err(`siturec environment server: ${server.url}  (runs in ${server.storeDir}; Ctrl-C stops it)\n`);
      if (server.token) io.err(`token: ${server.token}  (send it as Authorization: Bearer TOKEN)\n`);
      if (!isLoopback(opts.host))
        io.err(`note: listening on ${opts.host}: other machines can reach it with the token\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          resolve();
        };
        running.set(server, stop);
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      running.delete(server);
      await server.close();
      const runs = server.runIds();
      io.err(
        `stopped; ${runs.length ? `sessions stored in run${runs.length === 1 ? "" : "s"} ${runs.join(", ")}` : "no sessions were played"}\n`,
      );
    });
}
