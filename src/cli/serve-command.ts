import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { SiturecError } from "../core/errors.js";
import { TOKEN_PATTERN } from "../web/access-tokens.js";
import { defaultAppDir, startWebServer } from "../web/server.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

interface ServeFlags {
  port: number;
  host: string;
  dir: string;
  adminToken?: string;
  viewerToken?: string;
  base?: string;
}

/** The tokens and --base, checked before anything starts (a usage error exits 2). */
function checkServeFlags(opts: ServeFlags): void {
  for (const [flag, token] of [
    ["--admin-token", opts.adminToken],
    ["--viewer-token", opts.viewerToken],
  ] as const)
    if (token !== undefined && !TOKEN_PATTERN.test(token))
      throw new SiturecError(`${flag}: use 32 to 100 letters, digits, '-' or '_'`, { exitCode: 2 });
  if (opts.viewerToken !== undefined && opts.viewerToken === opts.adminToken)
    throw new SiturecError("--viewer-token: must differ from --admin-token (it would open the studies)", {
      exitCode: 2,
    });
  if (opts.base !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(opts.base))
    throw new SiturecError(`--base ${opts.base}: an http(s) address such as https://study.example.org`, {
      exitCode: 2,
    });
}

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
    .option(
      "--viewer-token <token>",
      "the read-only token for the runs and leaderboards, never the studies (default: $SITUREC_VIEWER_TOKEN, else a new random one each start)",
      process.env.SITUREC_VIEWER_TOKEN,
    )
    .option(
      "--base <url>",
      "the address people reach this server at, for the printed links (e.g. https://study.example.org behind a TLS proxy)",
    )
    .action(async (opts: ServeFlags) => {
      checkServeFlags(opts);
      const appDir = defaultAppDir();
      if (!existsSync(join(appDir, "index.html")))
        throw new SiturecError(`the web app is not built (${appDir} has no index.html)`, {
          exitCode: 1,
          hint: "run 'npm run build' in the siturec package",
        });
      const local = ["127.0.0.1", "localhost", "::1"].includes(opts.host);
      const server = await startWebServer({
        dir: opts.dir,
        port: opts.port,
        host: opts.host,
        appDir,
        ...(opts.adminToken ? { adminToken: opts.adminToken } : {}),
        ...(opts.viewerToken ? { viewerToken: opts.viewerToken } : {}),
        viewerNeedsAdmin: !local,
        // What went wrong in a participant's interaction is the organiser's to read, here.
        study: { log: (line) => io.err(`${line}\n`) },
      });
      const base = (opts.base ?? server.url).replace(/\/+$/, "");
      const invites = await server.invites();
      io.err(`siturec viewer for ${opts.dir}: ${base}/  (Ctrl-C stops it)\n`);
      io.err(`organiser (studies; keep it private): ${base}/#/admin/${server.adminToken}\n`);
      io.err(`read-only (runs and leaderboards, no studies): ${base}/#/view/${server.viewerToken}\n`);
      for (const invite of invites)
        io.err(`  invite ${invite.study}/${invite.code}: ${base}${invite.path}\n`);
      if (!local)
        io.err(
          `note: listening on ${opts.host}: participants on the network reach their invites; the runs need the organiser or the read-only link${opts.base ? "" : `; the links above say ${server.url}: give --base with the address others use`}\n`,
        );
      else if (invites.length)
        io.err(
          "note: this store holds studies: the runs and the leaderboard need the organiser or the read-only link\n",
        );
      await new Promise<void>((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
      });
      await server.close();
    });
}
