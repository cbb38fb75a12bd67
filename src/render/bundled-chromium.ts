import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { extract, type Headers } from "tar-fs";
import { siturecCacheDir } from "../core/cache-dir.js";
import { SiturecError } from "../core/errors.js";

const PACKAGE = "@sparticuz/chromium";
/** Written last into a finished extraction: a folder without it is not one of ours. */
const MARKER = ".siturec-extracted";
/** A temporary extraction this old was left by a process that died (a whole one takes seconds). */
const STALE_TMP_MS = 60 * 60 * 1000;

export class BundledChromiumError extends SiturecError {
  override readonly name = "BundledChromiumError";
}

/** The installed `@sparticuz/chromium` package: its folder of brotli archives and its version. */
export interface BundledChromiumPackage {
  binDir: string;
  version: string;
}

/** The bundled browser, extracted: what to launch and the environment to launch it with. */
export interface BundledChromium {
  executablePath: string;
  /** The extracted folder (the browser next to its SwiftShader libraries, `lib/`, `fonts/`). */
  dir: string;
  /** The npm package's version (the browser's own version is what it reports once started). */
  packageVersion: string;
  env: Record<string, string>;
  /** The font files the browser sees (it is given no system fonts). */
  fonts: string[];
}

/** Its libnspr4 needs glibc 2.34 (Debian 12 and Ubuntu 22.04 have it; Debian 11 does not). */
const MIN_GLIBC = [2, 34] as const;

/** The platform, CPU and (on Linux with glibc) the C library's version. */
export interface Host {
  platform: string;
  arch: string;
  glibc?: string;
}

let host: Host | undefined;

function thisHost(): Host {
  if (host) return host;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const glibc = report?.header?.glibcVersionRuntime;
  host = { platform: process.platform, arch: process.arch, ...(glibc ? { glibc } : {}) };
  return host;
}

/**
 * Why the bundled build cannot run here, or undefined where it can: it is built for x86-64 Linux with
 * glibc 2.34 or newer (it is Amazon Linux 2023's headless shell), so other platforms skip it.
 */
export function bundledChromiumUnsupported({ platform, arch, glibc }: Host = thisHost()): string | undefined {
  if (platform !== "linux" || arch !== "x64")
    return `the bundled Chromium is built for Linux x64 only (this is ${platform} ${arch})`;
  if (!glibc) return "the bundled Chromium needs glibc (this Linux has another C library)";
  const [major = 0, minor = 0] = glibc.split(".").map(Number);
  if (major < MIN_GLIBC[0] || (major === MIN_GLIBC[0] && minor < MIN_GLIBC[1]))
    return `the bundled Chromium needs glibc ${MIN_GLIBC.join(".")} or newer (this one has ${glibc})`;
  return undefined;
}

/**
 * The installed package, or undefined when npm left it out (it is an optional dependency). The
 * package exports no `./package.json`, so its entry point is resolved and its folder found above it.
 */
export function bundledChromiumPackage(): BundledChromiumPackage | undefined {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(PACKAGE);
  } catch {
    return undefined;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
    if (pkg.name !== PACKAGE || !pkg.version) continue;
    const binDir = join(dir, "bin");
    return existsSync(join(binDir, "chromium.br")) ? { binDir, version: pkg.version } : undefined;
  }
  return undefined;
}

/** Where a version of the bundled browser is extracted. */
export function bundledChromiumDir(packageVersion: string): string {
  return join(siturecCacheDir(), `chromium-${packageVersion}`);
}

const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The package's fonts.conf names Lambda's folders (/tmp/fonts …): ours names the extracted ones. */
function fontsConf(fontsDir: string): string {
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    "<fontconfig>",
    `  <dir>${xmlText(join(fontsDir, "fonts"))}</dir>`,
    `  <cachedir>${xmlText(join(fontsDir, "cache"))}</cachedir>`,
    "</fontconfig>",
    "",
  ].join("\n");
}

async function inflateFile(archive: string, to: string): Promise<void> {
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(to, { mode: 0o755 }));
}

async function inflateTar(archive: string, to: string): Promise<void> {
  // Run as root, tar-fs would hand the files to the archive's owners (the build machine's users).
  const own = (h: Headers): Headers => ({
    ...h,
    uid: process.getuid?.() ?? h.uid,
    gid: process.getgid?.() ?? h.gid,
  });
  await pipeline(createReadStream(archive), createBrotliDecompress(), extract(to, { map: own }));
}

async function fontFiles(dir: string): Promise<string[]> {
  const root = join(dir, "fonts", "fonts");
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true });
  return entries.filter((e) => /\.(ttf|otf)$/i.test(e)).map((e) => join(root, e));
}

/** Removes temporary extractions that processes which died (Ctrl-C on a first run) left behind. */
async function removeStaleTmp(root: string): Promise<void> {
  for (const name of await readdir(root).catch(() => [])) {
    if (!/^chromium-.*\.tmp-/.test(name)) continue;
    const path = join(root, name);
    const age = Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > STALE_TMP_MS) await rm(path, { recursive: true, force: true });
  }
}

/**
 * Extracts the four archives into a temporary sibling and renames it into place, so a folder at the
 * final path is always whole; a process that loses the race to another uses the winner's.
 */
export async function extractBundledChromium(pkg: BundledChromiumPackage, dir: string): Promise<void> {
  const root = dirname(dir);
  await mkdir(root, { recursive: true });
  await removeStaleTmp(root);
  const tmp = await mkdtemp(`${dir}.tmp-`);
  try {
    await Promise.all([
      inflateFile(join(pkg.binDir, "chromium.br"), join(tmp, "chromium")),
      // Chromium loads libEGL, libGLESv2 and the Vulkan ICD from its own folder.
      inflateTar(join(pkg.binDir, "swiftshader.tar.br"), tmp),
      // libnss3, libnspr4, libexpat …: the browser needs them and a bare Debian lacks them.
      inflateTar(join(pkg.binDir, "al2023.tar.br"), tmp),
      inflateTar(join(pkg.binDir, "fonts.tar.br"), join(tmp, "fonts")),
    ]);
    await writeFile(join(tmp, "fonts", "fonts.conf"), fontsConf(join(dir, "fonts")));
    await writeFile(join(tmp, MARKER), `${pkg.version}\n`);
    await rename(tmp, dir).catch((err: NodeJS.ErrnoException) => {
      if (!existsSync(join(dir, MARKER))) throw err;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

const extracting = new Map<string, Promise<void>>();

/**
 * The bundled browser, extracted on first use into the per-user cache (a few seconds, ~210 MB), or
 * undefined where the package is not installed or cannot run. The package's own `executablePath()`
 * is not used: it extracts into a fixed /tmp/chromium owned by whoever ran first, and leaves out the
 * libraries a bare Debian lacks unless it detects AWS Lambda.
 */
export async function bundledChromium(): Promise<BundledChromium | undefined> {
  if (bundledChromiumUnsupported()) return undefined;
  const pkg = bundledChromiumPackage();
  if (!pkg) return undefined;
  const dir = bundledChromiumDir(pkg.version);
  if (!existsSync(join(dir, MARKER))) {
    if (existsSync(dir))
      throw new BundledChromiumError(`${dir} holds an incomplete or foreign copy of the bundled Chromium`, {
        hint: `delete ${dir} and run again (it is extracted anew)`,
      });
    let pending = extracting.get(dir);
    if (!pending) {
      pending = extractBundledChromium(pkg, dir).finally(() => extracting.delete(dir));
      extracting.set(dir, pending);
    }
    try {
      await pending;
    } catch (err) {
      throw new BundledChromiumError(
        `could not extract the bundled Chromium into ${dir}: ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
          hint: "free some disk space (it needs ~210 MB) or set XDG_CACHE_HOME to a writable folder; SITUREC_CHROMIUM=/path/to/chrome uses another browser",
        },
      );
    }
  }
  const inherited = process.env.LD_LIBRARY_PATH;
  return {
    executablePath: join(dir, "chromium"),
    dir,
    packageVersion: pkg.version,
    env: {
      LD_LIBRARY_PATH: inherited ? `${join(dir, "lib")}:${inherited}` : join(dir, "lib"),
      FONTCONFIG_PATH: join(dir, "fonts"),
    },
    fonts: await fontFiles(dir),
  };
}
