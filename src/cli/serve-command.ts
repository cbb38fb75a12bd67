import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { SiturecError } from "../core/errors.js";
import { defaultAppDir, startWebServer } from "../web/server.js";
import { DIR_HELP, defaultStore } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

/** `siturec serve`: the web viewer over a run store, until SIGINT or SIGTERM. */
export function registerServe(program: Command, io: CliIo): void {
  program
    .command("serve")
    .description("browse runs and replay episodes in the browser (a local web server)")
    .option("--port <n>", "port (0: any free one)", parseInteger, 7575)
    .option("--host <host>", "address to listen on (other machines reach it only if you say so)", "127.0.0.1")
    .option("--dir <dir>", DIR_HELP, defaultStore())
    .action(async (opts: { port: number; host: string; dir: string }) => {
      const appDir = defaultAppDir();
      if (!existsSync(join(appDir, "index.html")))
        throw new SiturecError(`the web app is not built (${appDir} has no index.html)`, {
          exitCode: 1,
          hint: "run 'npm run build' in the siturec package",
        });
      const server = await startWebServer({ ...opts, appDir });
      io.err(`siturec viewer for ${opts.dir}: ${server.url}/  (Ctrl-C stops it)\n`);
      if (opts.host !== "127.0.0.1" && opts.host !== "localhost" && opts.host !== "::1")
        io.err(`note: listening on ${opts.host}: other machines on the network can read these runs\n`);
      await new Promise<void>((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
      });
      await server.close();
    });
}
