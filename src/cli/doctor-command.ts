import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Command } from "commander";
import { SiturecError, shortMessage } from "../core/errors.js";
import { envIds } from "../envs/registry.js";
import {
  bundledChromium,
  bundledChromiumPackage,
  bundledChromiumUnsupported,
} from "../render/bundled-chromium.js";
import type { ChromiumSource } from "../render/chromium.js";
import { RenderService } from "../render/render-service.js";
import { queueChecks } from "./doctor-queue.js";
import type { CliIo } from "./io.js";
import { providerStatus } from "./models-command.js";
import { formatTable } from "./table.js";

const require = createRequire(import.meta.url);
// The label font the page server serves (src/render/page-server.ts).
const LABEL_FONT = "@fontsource/roboto-condensed/files/roboto-condensed-latin-700-normal.woff2";

/** One thing checked: whether it works, what was found, and what to do where it does not. */
export interface DoctorCheck {
  name: string;
  ok: boolean;
  /** Whether the default run (`siturec run`, built-in agents) needs it. */
  required: boolean;
  detail: string;
  fix?: string;
}

interface BrowserReport {
  path: string;
  source: ChromiumSource;
  version: string;
  renderer: string;
  /** Why the bundled build was not used, where it was not. */
  bundledNote?: string;
}

// One `>=MAJOR.MINOR` comparison: not worth a semver dependency.
function nodeCheck(): DoctorCheck {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    engines?: { node?: string };
  };
  const wanted = pkg.engines?.node ?? ">=0";
  const need = /^>=\s*(\d+)(?:\.(\d+))?/.exec(wanted);
  const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
  const ok = !need || major > Number(need[1]) || (major === Number(need[1]) && minor >= Number(need[2] ?? 0));
  return {
    name: "node",
    ok,
    required: true,
    detail: `${process.versions.node} (siturec needs ${wanted})`,
    ...(ok ? {} : { fix: `install Node.js ${wanted.replace(/^>=\s*/, "")} or newer` }),
  };
}

function bundledNote(source: ChromiumSource): string | undefined {
  if (source === "bundled") return undefined;
  if (source === "env") return "SITUREC_CHROMIUM is set, so the bundled build is not used";
  if (source === "server") return "SITUREC_BROWSER_URL is set: pages open in that running browser";
  const unsupported = bundledChromiumUnsupported();
  if (unsupported) return unsupported;
  if (!bundledChromiumPackage())
    return "the bundled build (@sparticuz/chromium) is not installed: `npm ci --include=optional`";
  return undefined;
}

/** Starts the browser once and opens a store's page, which reports the WebGL renderer it got. */
async function browserChecks(): Promise<{ checks: DoctorCheck[]; browser: BrowserReport | null }> {
  let service: RenderService;
  try {
    service = await RenderService.start({ poolSize: 1 });
  } catch (err) {
    const fix = err instanceof SiturecError && err.hint ? err.hint : "set SITUREC_CHROMIUM=/path/to/chrome";
    return {
      checks: [{ name: "browser", ok: false, required: true, detail: shortMessage(err), fix }],
      browser: null,
    };
  }
  try {
    const found = service.chromium!;
    const browser: BrowserReport = {
      path: found.path,
      source: found.source,
      version: service.browserVersion,
      renderer: service.rendererName,
    };
    const note = bundledNote(found.source);
    if (note) browser.bundledNote = note;
    const checks: DoctorCheck[] = [
      {
        name: "browser",
        ok: true,
        required: true,
        detail: `Chromium ${browser.version} (${found.source}) ${found.path}${note ? `; ${note}` : ""}`,
      },
    ];
    try {
      await service.warm(envIds()[0]!);
      browser.renderer = service.rendererName;
      checks.push({ name: "webgl", ok: true, required: true, detail: browser.renderer });
    } catch (err) {
      checks.push({
        name: "webgl",
        ok: false,
        required: true,
        detail: `the store page failed: ${shortMessage(err)}`,
        fix: "SITUREC_GPU=off renders with SwiftShader; unset SITUREC_CHROMIUM to use the bundled browser",
      });
    }
    return { checks, browser };
  } finally {
    await service.close();
  }
}

async function sqliteCheck(): Promise<DoctorCheck> {
  const fix =
    "reinstall dependencies (`npm ci`); where no prebuilt better-sqlite3 binary can be downloaded it compiles one, which needs g++, make, python3 and Node's headers";
  try {
    const { version } = require("better-sqlite3/package.json") as { version: string };
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(":memory:");
    const row = db.prepare("select sqlite_version() as v").get() as { v: string };
    db.close();
    return { name: "sqlite", ok: true, required: true, detail: `better-sqlite3 ${version}, SQLite ${row.v}` };
  } catch (err) {
    return {
      name: "sqlite",
      ok: false,
      required: true,
      detail: `better-sqlite3 does not load: ${shortMessage(err)}`,
      fix,
    };
  }
}

async function fontChecks(browser: BrowserReport | null): Promise<DoctorCheck[]> {
  let label: DoctorCheck;
  try {
    const path = require.resolve(LABEL_FONT);
    const { version } = require("@fontsource/roboto-condensed/package.json") as { version: string };
    label = {
      name: "label font",
      ok: existsSync(path),
      required: true,
      detail: `@fontsource/roboto-condensed ${version}`,
    };
  } catch (err) {
    label = {
      name: "label font",
      ok: false,
      required: true,
      detail: `@fontsource/roboto-condensed is missing: ${shortMessage(err)}`,
      fix: "reinstall dependencies (`npm ci`)",
    };
  }
  const fonts =
    browser?.source === "bundled"
      ? (await bundledChromium())!.fonts.map((f) => f.split("/").pop()!).sort()
      : undefined;
  const browserFonts: DoctorCheck = {
    name: "browser fonts",
    ok: true,
    required: false,
    detail: fonts
      ? `bundled: ${fonts.join(", ")}`
      : browser
        ? "the system's (fontconfig)"
        : "unknown: no browser started",
  };
  return [label, browserFonts];
}

function keyChecks(): DoctorCheck[] {
  return providerStatus().map((p) => ({
    name: `key ${p.provider}`,
    ok: p.keySet || !p.keyRequired,
    required: false,
    // Only whether a key is set, and where from: never its value.
    detail: p.keySet
      ? `set (${p.keyFrom})`
      : `not set (${p.keyVariables.join(" | ")})${p.keyRequired ? "" : ", needed only by servers that ask"}`,
    ...(p.keySet || !p.keyRequired
      ? {}
      : { fix: `set ${p.keyVariables[0]} to use ${p.provider}:* models (the default run needs no key)` }),
  }));
}

export function registerDoctor(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("doctor")
    .description("check what siturec needs: the browser and its WebGL, Node, SQLite, fonts, model keys")
    .option("--json", "print JSON")
    .option("--queue <url>", "also check a run queue's Redis (reachable, persistent, never evicting)")
    .action(async (opts: { json?: boolean; queue?: string }) => {
      const { checks: browserResults, browser } = await browserChecks();
      const checks = [nodeCheck(), ...browserResults, await sqliteCheck(), ...(await fontChecks(browser))];
      if (opts.queue) checks.push(...(await queueChecks(opts.queue)));
      const keys = providerStatus();
      checks.push(...keyChecks());
      const ok = checks.every((c) => c.ok || !c.required);
      setExit(ok ? 0 : 1);
      if (opts.json) {
        io.out(`${JSON.stringify({ ok, checks, browser, keys }, null, 2)}\n`);
        return;
      }
      const status = (c: DoctorCheck) => (c.ok ? "ok" : c.required ? "FAILED" : "missing");
      io.out(
        formatTable(
          ["check", "status", "detail"],
          checks.map((c) => [c.name, status(c), c.detail]),
        ),
      );
      const fixes = checks.filter((c) => !c.ok && c.fix);
      if (fixes.length) io.out(`\n${fixes.map((c) => `${c.name}: ${c.fix}`).join("\n")}\n`);
      io.out(
        ok
          ? "\neverything the default run needs works\n"
          : "\nthe default run cannot work until the FAILED checks are fixed\n",
      );
    });
}
