import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { SiturecError } from "../../core/errors.js";
import { VERSION } from "../../core/version.js";
import { openRunStore } from "../../storage/open-run-store.js";
import { isPostgresUrl } from "../../storage/postgres-run-store.js";
import type { RunStore } from "../../storage/run-store.js";
import { createWebApp } from "../server.js";
import {
  assetFile,
  type BundleInfo,
  type BundleManifest,
  bundleKey,
  dataFile,
  dataScript,
  infoScript,
  MANIFEST_FILE,
} from "./bundle-format.js";
import { bundleIndexHtml } from "./bundle-html.js";
import { type BundleSink, type CrawlCounts, type CrawlProgress, crawlViewer } from "./crawl-viewer.js";
import { runsOnlyStore } from "./runs-only-store.js";

/** What a bundle writes at its root: all it replaces in a folder (anything else there is left alone). */
export const BUNDLE_ENTRIES = ["index.html", "app", "data", "files", "images", MANIFEST_FILE] as const;

/** The app's files a bundle needs (`vite.bundle.config.ts` builds them). */
const APP_FILES = ["viewer.js", "viewer.css"];

/** Where the bundle's app is built: `dist/web/bundle-app`, beside the compiled server or, from the sources, in the package's dist. */
export function defaultBundleAppDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.endsWith(join("src", "web", "bundle"))
    ? resolve(here, "../../../dist/web/bundle-app")
    : resolve(here, "../bundle-app");
}

export interface WriteBundleOptions {
  /** The run store: a folder or a `postgres://` URL. */
  store: string;
  /** The runs the bundle holds (at least one; a repeat is dropped), in the order given (the manifest keeps it). */
  runs: string[];
  /** The folder to write: new, empty, or an earlier bundle (else `force`). */
  out: string;
  /** The built bundle app (default: `defaultBundleAppDir()`). */
  appDir?: string;
  /** Write into a folder that is neither empty nor a bundle (its files of the bundle's names are replaced). */
  force?: boolean;
  /** Told how far the crawl is. */
  progress?: (p: CrawlProgress) => void;
}

/** What a bundle holds, once written. */
export interface BundleSummary extends CrawlCounts {
  /** The folder written, absolute. */
  out: string;
  /** Files written (the app, the data, the images and other files, the page, the manifest). */
  fileCount: number;
  /** Their bytes. */
  bytes: number;
}

/**
 * Writes a static bundle of `runs`: the viewer's pages for those runs, from disk or any static host.
 * The viewer's own server is asked in-process over a read-only view of the store that holds only
 * those runs, so the runs list and the leaderboard show them alone and no study is in it. The same
 * runs give the same files, byte for byte.
 */
export async function writeBundle(opts: WriteBundleOptions): Promise<BundleSummary> {
  const appDir = opts.appDir ?? defaultBundleAppDir();
  const missingApp = APP_FILES.filter((f) => !existsSync(join(appDir, f)));
  if (missingApp.length)
    throw new SiturecError(`the bundle's app is not built (${appDir} has no ${missingApp.join(", ")})`, {
      hint: "run 'npm run build' in the siturec package",
    });
  const runs = [...new Set(opts.runs)];
  if (!runs.length) throw new SiturecError("name at least one run (see 'siturec runs')", { exitCode: 2 });
  const store = openRunStore(opts.store, { readonly: true });
  const { app, close } = createWebApp({ dir: opts.store, appDir, store: runsOnlyStore(store, runs) });
  try {
    await requireRuns(store, runs);
    const out = resolve(opts.out);
    refuseOverlap(out, opts.store, appDir);
    prepareOut(out, opts.force === true);
    const sink = new FileSink(out);
    const counts = await crawlViewer(app, runs, sink, opts.progress);
    const info: BundleInfo = { format: 1, siturec: VERSION, runs };
    await sink.write("data/bundle.js", infoScript(info));
    await sink.write("index.html", bundleIndexHtml(runs));
    for (const f of readdirSync(appDir).sort()) {
      cpSync(join(appDir, f), join(out, "app", f), { recursive: true });
      sink.count(join(out, "app", f));
    }
    const manifest: BundleManifest = { ...info, files: sink.manifest() };
    await sink.write(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
    return { ...counts, out, fileCount: sink.files, bytes: sink.bytes };
  } finally {
    await close();
    await store.close();
  }
}

/** Every run named is in the store, or an error that lists the store's runs. */
async function requireRuns(store: RunStore, runs: string[]): Promise<void> {
  const all = (await store.listRuns()).map((r) => r.id);
  const unknown = runs.filter((r) => !all.includes(r));
  if (!unknown.length) return;
  const listed = all.length > 20 ? `${all.slice(0, 20).join(", ")}, … (${all.length})` : all.join(", ");
  throw new SiturecError(
    `no run ${unknown.map((r) => `'${r}'`).join(", ")} in ${store.location}; its runs: ${listed || "none"}`,
    { exitCode: 2, hint: `'siturec runs --store ${store.location}' lists them` },
  );
}

/** `out` is not the run store or inside it, nor above the app it copies (whose files it would replace). */
function refuseOverlap(out: string, store: string, appDir: string): void {
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}${sep}`);
  const storeDir = isPostgresUrl(store) ? undefined : resolve(store);
  if ((storeDir && within(out, storeDir)) || existsSync(join(out, "siturec.db")))
    throw new SiturecError(`--out ${out} is in the run store; a bundle goes in a folder of its own`, {
      exitCode: 2,
    });
  if (within(resolve(appDir), out))
    throw new SiturecError(`--out ${out} holds the bundle's app (${appDir}); give another folder`, {
      exitCode: 2,
    });
}

/** Makes `out` ready: created, or emptied of an earlier bundle's files; a folder that is neither needs `force`. */
function prepareOut(out: string, force: boolean): void {
  if (existsSync(out)) {
    if (!statSync(out).isDirectory())
      throw new SiturecError(`--out ${out} is a file, not a folder`, { exitCode: 2 });
    const entries = readdirSync(out);
    if (entries.length && !entries.includes(MANIFEST_FILE) && !force)
      throw new SiturecError(`--out ${out} is not empty and is not an earlier bundle (no ${MANIFEST_FILE})`, {
        exitCode: 2,
        hint: `give a new or empty folder, or --force to write into it (replacing its ${BUNDLE_ENTRIES.join(", ")})`,
      });
  }
  for (const entry of BUNDLE_ENTRIES) rmSync(join(out, entry), { recursive: true, force: true });
}

/** The longest file name most file systems take. */
const MAX_NAME = 255;

/** Writes the bundle's files under its folder, counting them, and keeps the manifest of saved URLs. */
class FileSink implements BundleSink {
  files = 0;
  bytes = 0;
  private readonly saved = new Map<string, string>();

  constructor(private readonly out: string) {}

  async data(url: string, answer: unknown): Promise<void> {
    const key = bundleKey(url);
    if (this.saved.has(key)) return;
    this.saved.set(key, dataFile(key));
    await this.write(dataFile(key), dataScript(key, answer));
  }

  async asset(url: string, bytes: Uint8Array): Promise<void> {
    const key = bundleKey(url);
    if (this.saved.has(key)) return;
    this.saved.set(key, assetFile(key));
    await this.write(assetFile(key), bytes);
  }

  async write(file: string, content: string | Uint8Array): Promise<void> {
    const long = file.split("/").find((name) => name.length > MAX_NAME);
    if (long)
      throw new SiturecError(
        `a bundle file name would be over ${MAX_NAME} characters: ${long.slice(0, 80)}…`,
        {
          hint: "a run, store or task id this long cannot be bundled; give the run a shorter id",
        },
      );
    const path = join(this.out, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    this.files++;
    this.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  }

  /** Counts a file or folder copied in whole. */
  count(path: string): void {
    const s = statSync(path);
    if (!s.isDirectory()) {
      this.files++;
      this.bytes += s.size;
      return;
    }
    for (const f of readdirSync(path)) this.count(join(path, f));
  }

  /** The saved URLs and their files, in a fixed order. */
  manifest(): Record<string, string> {
    return Object.fromEntries([...this.saved.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
