import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Command, Option } from "commander";
import { z } from "zod";
import { SiturecError } from "../core/errors.js";
import { formatZodIssues } from "../core/zod-issues.js";
import type { CrawlProgress } from "../web/bundle/crawl-viewer.js";
import { type BundleSummary, writeBundle } from "../web/bundle/write-bundle.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";

/** `siturec view bundle`'s arguments and flags as the command accepts them. */
const BundleFlags = z.object({
  runs: z
    .array(z.string().regex(/^[\w.:@+-]{1,200}$/, "a run id (letters, digits and . : @ + - _)"))
    .min(1, "name at least one run (see 'siturec runs')"),
  out: z.string().min(1, "the folder to write"),
  dir: z.string().min(1),
  force: z.boolean().default(false),
  appDir: z.string().min(1).optional(),
});

/** `siturec view …`: the viewer's results without a server (`bundle`: a static site of some runs). */
export function registerView(program: Command, io: CliIo, tty: () => boolean = () => false): void {
  const view = program
    .command("view")
    .description("the viewer's pages without a server (see 'siturec view bundle')");
  view
    .command("bundle")
    .description(
      "write a static site of some runs (their episodes, the leaderboard, its charts) that works opened from disk or put on any static host",
    )
    .argument("<runs...>", "run ids (see siturec runs)")
    .requiredOption(
      "--out <dir>",
      "the folder to write (new, empty, or an earlier bundle, which is replaced)",
    )
    .addOption(storeOption())
    .addOption(dirOption())
    .option(
      "--force",
      "write into a folder that is neither empty nor a bundle (its index.html, app/, data/, files/, images/ are replaced)",
    )
    .addOption(new Option("--app-dir <dir>", "the built bundle app (default: the package's)").hideHelp())
    .action(async (runs: string[], opts: Record<string, unknown>) => {
      const flags = BundleFlags.safeParse({ ...opts, runs });
      if (!flags.success)
        throw new SiturecError(formatZodIssues(flags.error, { label: flagName }), { exitCode: 2 });
      const line = progressLine(io, tty());
      const summary = await writeBundle({
        store: flags.data.dir,
        runs: flags.data.runs,
        out: flags.data.out,
        force: flags.data.force,
        ...(flags.data.appDir ? { appDir: flags.data.appDir } : {}),
        progress: line.update,
      });
      line.end();
      io.err(summaryText(summary));
    });
}

/** A flag as the user typed it, for an error about it. */
function flagName(path: string | undefined): string {
  if (!path) return "(arguments)";
  const [first, ...rest] = path.split(".");
  if (first === "runs") return `run ${rest.length ? `#${Number(rest[0]) + 1}` : "ids"}`;
  return `--${first!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

const PHASES: Record<CrawlProgress["phase"], string> = {
  runs: "runs",
  episodes: "episodes",
  leaderboard: "leaderboard settings",
  files: "images, maps and charts",
};

/**
 * One line of progress: redrawn in place on a terminal; elsewhere (a pipe, a CI log) printed when a
 * phase ends and at most every 5 s.
 */
function progressLine(io: CliIo, tty: boolean) {
  let shown = 0;
  let drawn = false;
  return {
    update: (p: CrawlProgress) => {
      const text = `bundle: ${PHASES[p.phase]} ${p.done}/${p.total}`;
      if (tty) {
        io.err(`\r\x1b[2K${text}`);
        drawn = true;
        return;
      }
      const now = Date.now();
      if (p.done === p.total || now - shown > 5000) {
        shown = now;
        io.err(`${text}\n`);
      }
    },
    end: () => {
      if (drawn) io.err("\r\x1b[2K");
    },
  };
}

const size = (bytes: number) =>
  bytes >= 1e6
    ? `${(bytes / 1e6).toFixed(1)} MB`
    : bytes >= 1e3
      ? `${(bytes / 1e3).toFixed(1)} kB`
      : `${bytes} B`;

/** What was written and where to open it. */
function summaryText(s: BundleSummary): string {
  const missing = s.missingFiles ? ` (${s.missingFiles} not in the store)` : "";
  return [
    `wrote ${s.fileCount} files, ${size(s.bytes)}, to ${s.out}`,
    `  ${s.episodes} episodes, ${s.callTurns} turns with model calls, ${s.leaderboards} leaderboard settings, ${s.files} images, maps and charts${missing}`,
    `open ${pathToFileURL(join(s.out, "index.html")).href} in a browser, or put the folder on any static host`,
    "",
  ].join("\n");
}
