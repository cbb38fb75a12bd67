import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { SiturecError } from "../core/errors.js";
import { defaultAppDir, startWebServer } from "../web/server.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

/** `siturec serve`: the web viewer over a run store, until SIGINT or SIGTERM. */
export function registerServe(program: Command, io: CliIo): void {
  program
    .command("serve")
    .description("browse runs and replay episodes in the browser (a local web server)")
    .option("--port <n>", "port (0: any free one)", parseInteger, 7575)
    .option("--host <host>", "address to listen on (other machines reach it only if you say so)", "127.0.0.1")
    .addOption(storeOption())
    .addOption(dirOption())
    .option(
      "--admin-token <token>",
      "the organiser's token for studies (default: $SITUREC_ADMIN_TOKEN, else a new random one each start)",
      process.env.SITUREC_ADMIN_TOKEN,
    )
    .action(async (opts: { port: number; host: string; dir: string; adminToken?: string }) => {
      const appDir = defaultAppDir();
      if (!existsSync(join(appDir, "index.html")))
        throw new SiturecError(`the web app is not built (${appDir} has no index.html)`, {
          exitCode: 1,
          hint: "run 'npm run build' in the siturec package",
        });
      if (opts.adminToken !== undefined && !/^[A-Za-z0-9_-]{32,100}$/.test(opts.adminToken))
        throw new SiturecError("--admin-token: use 32 to 100 letters, digits, '-' or '_'", { exitCode: 2 });
      const local = ["127.0.0.1", "localhost", "::1"].includes(opts.host);
      const server = await startWebServer({
        ...opts,
        appDir,
        ...(opts.adminToken ? { adminToken: opts.adminToken } : {}),
        viewerNeedsAdmin: !local,
        // What went wrong in a participant's interaction is the organiser's to read, here.
        study: { log: (line) => io.err(`${line}\n`) },
      });
      io.err(`siturec viewer for ${opts.dir}: ${server.url}/  (Ctrl-C stops it)\n`);
      io.err(`organiser (studies; keep it private): ${server.url}/#/admin/${server.adminToken}\n`);
      for (const invite of await server.invites())
        io.err(`  invite ${invite.study}/${invite.code}: ${invite.url}\n`);
      if (!local)
        io.err(
          `note: listening on ${opts.host}: participants on the network reach their invites; the runs need the organiser link\n`,
        );
      await new Promise<void>((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
      });
      await server.close();
    });
}
