import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

const BIN = join(import.meta.dirname, "../../../bin/siturec.js");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Whether it is still running (a server no request may end). */
  alive(): boolean;
  /** SIGTERM, then its exit code once it has stopped (or null when it had to be killed). */
  stop(): Promise<number | null>;
}

/**
 * `siturec ARGS…` (the built CLI) as a child process, once it printed its URL (on stderr, or stdout). A server
 * tested this way cannot be kept alive by the test runner: a crash is an exit, and a close that
 * hangs is a stop that does not finish.
 */
export async function startServerProcess(
  args: string[],
  urlLine: RegExp,
  opts: { env?: NodeJS.ProcessEnv; urlOn?: "stdout" | "stderr" } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: opts.env ?? process.env,
  });
  let err = "";
  let out = "";
  child.stderr!.setEncoding("utf8");
  child.stdout!.setEncoding("utf8");
  const url = await new Promise<string>((ok, fail) => {
    const look = () => {
      const m = urlLine.exec(opts.urlOn === "stdout" ? out : err);
      if (m) ok(m[1]!);
    };
    child.stderr!.on("data", (d: string) => {
      err += d;
      look();
    });
    child.stdout!.on("data", (d: string) => {
      out += d;
      look();
    });
    child.once("exit", (code) => fail(new Error(`siturec ${args.join(" ")} exited ${code}: ${err}`)));
  });
  const exited = new Promise<number | null>((ok) => child.once("exit", (code) => ok(code)));
  return {
    url,
    child,
    stderr: () => err,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
