import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from "playwright-core";
import { SiturecError, shortMessage } from "../core/errors.js";
import { type FoundChromium, findChromium } from "./chromium.js";

/** Where the GL comes from: `auto` tries the GPU where the machine has a render node, else SwiftShader. */
export type GpuChoice = "auto" | "on" | "off";

/**
 * A browser someone else started, to render in instead of launching one: a Chromium DevTools
 * endpoint (`http://HOST:PORT`, e.g. `launchRenderBrowserServer()` or `chromium
 * --remote-debugging-port=PORT`), whose store pages are shared and kept warm between processes, or
 * a Playwright browser server (`ws://…`, its `wsEndpoint()`), whose pages are each process's own.
 * The render service never closes that browser.
 */
export const BROWSER_URL_VARIABLE = "SITUREC_BROWSER_URL";

// Without the background-networking flags Chromium keeps trying to reach Google on a closed network.
const BASE_FLAGS = [
  "--no-sandbox",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--js-flags=--expose-gc",
];
const SWIFTSHADER_FLAGS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"];
const GPU_FLAGS = ["--enable-gpu", "--ignore-gpu-blocklist", "--use-angle=default"];

/** A browser URL that cannot be used: not http:// or ws://, unreachable, or not a browser there. */
export class BrowserConnectError extends SiturecError {
  override readonly name = "BrowserConnectError";
}

/** The GPU choice: the option, else `SITUREC_GPU`, else auto. */
export function gpuChoice(gpu?: GpuChoice): GpuChoice {
  return gpu ?? ((process.env.SITUREC_GPU as GpuChoice | undefined) || "auto");
}

/** Whether to try the GPU first: asked for, or auto on a machine with a render node. */
export function triesGpu(gpu: GpuChoice): boolean {
  return gpu === "on" || (gpu === "auto" && existsSync("/dev/dri/renderD128"));
}

/** The browser's environment: ours (Playwright passes only what it is given) plus what it needs. */
function launchEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return { ...env, ...extra };
}

/**
 * How the renderer launches Chromium: headless, on the GPU or SwiftShader. siturec handles Ctrl-C
 * itself (finish the episodes in flight): Playwright must not close the browser under it on a signal.
 */
export function renderLaunchOptions(found: FoundChromium, gpu: boolean): LaunchOptions {
  return {
    executablePath: found.path,
    env: launchEnv(found.env),
    headless: true,
    args: [...BASE_FLAGS, ...(gpu ? GPU_FLAGS : SWIFTSHADER_FLAGS)],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}

/** Launches the renderer's browser in this process. */
export function launchRenderBrowser(found: FoundChromium, gpu: boolean): Promise<Browser> {
  return chromium.launch(renderLaunchOptions(found, gpu));
}

/**
 * Connects to a browser another process started: over the DevTools protocol for `http://` (pages in
 * its default context are visible to every process), Playwright's own for `ws://`. Closing the
 * returned browser disconnects; the browser and its shared pages stay.
 */
export async function connectRenderBrowser(url: string): Promise<Browser> {
  if (!/^(https?|wss?):\/\//.test(url))
    throw new BrowserConnectError(`${BROWSER_URL_VARIABLE} must be an http:// or ws:// URL, not '${url}'`, {
      hint: "give a Chromium DevTools endpoint (http://HOST:PORT) or a Playwright browser server's ws:// URL, or unset it",
    });
  try {
    return url.startsWith("http")
      ? await chromium.connectOverCDP(url, { timeout: 30_000 })
      : await chromium.connect(url, { timeout: 30_000 });
  } catch (err) {
    throw new BrowserConnectError(`cannot connect to the browser at ${url}: ${shortMessage(err, 200)}`, {
      hint: `start it again, or unset ${BROWSER_URL_VARIABLE} to launch a browser of siturec's own`,
    });
  }
}

/** The context whose pages other processes see (the default one, over DevTools), where pages are shared. */
export function sharedContextOf(url: string, browser: Browser): BrowserContext | undefined {
  return url.startsWith("http") ? browser.contexts()[0] : undefined;
}

/** A browser for other processes to render in: its DevTools URL, and how to stop it. */
export interface RenderBrowserServer {
  /** `http://127.0.0.1:PORT`, for `SITUREC_BROWSER_URL`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Launches the renderer's browser for other processes (`SITUREC_BROWSER_URL` set to its `url`): one
 * browser for many runs or test files, whose store pages, built once, are taken over by each render
 * service in turn. It listens on loopback only. A GPU that gives only a software GL falls back to
 * SwiftShader, as the render service's own launch does.
 */
export async function launchRenderBrowserServer(
  opts: { gpu?: GpuChoice } = {},
): Promise<RenderBrowserServer> {
  const found = await findChromium();
  const gpu = gpuChoice(opts.gpu);
  if (triesGpu(gpu)) {
    const server = await launchWithDevTools(found, true);
    if (gpu === "on" || (await softwareGl(server.context)) === false) return server;
    await server.close();
  }
  return launchWithDevTools(found, false);
}

async function launchWithDevTools(
  found: FoundChromium,
  gpu: boolean,
): Promise<RenderBrowserServer & { context: BrowserContext }> {
  const dir = mkdtempSync(join(tmpdir(), "siturec-browser-"));
  const { args = [], ...options } = renderLaunchOptions(found, gpu);
  // The port Chromium picked is written to DevToolsActivePort in its profile: no port race.
  const context = await chromium.launchPersistentContext(dir, {
    ...options,
    args: [...args, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0"],
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    return { url: `http://127.0.0.1:${await devToolsPort(dir)}`, context, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The port in a profile's DevToolsActivePort, once Chromium has written it (within 10 s). */
async function devToolsPort(dir: string): Promise<number> {
  const file = join(dir, "DevToolsActivePort");
  for (let i = 0; i < 200; i++) {
    const port = existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : Number.NaN;
    if (port > 0) return port;
    await delay(50);
  }
  throw new BrowserConnectError(`the browser wrote no DevTools port to ${file}`);
}

/** Whether the browser's WebGL2 is software (SwiftShader, llvmpipe); undefined without WebGL2. */
async function softwareGl(context: BrowserContext): Promise<boolean | undefined> {
  const page = await context.newPage();
  try {
    const renderer: unknown = await page.evaluate(GL_RENDERER);
    return typeof renderer === "string" ? /swiftshader|llvmpipe/i.test(renderer) : undefined;
  } finally {
    await page.close();
  }
}

/**
 * Evaluated in a blank page: the WebGL2 renderer the browser reports (e.g. SwiftShader's, or the
 * GPU's), or null without WebGL2.
 */
export const GL_RENDERER = `(() => {
  const gl = document.createElement("canvas").getContext("webgl2");
  if (!gl) return null;
  const ext = gl.getExtension("WEBGL_debug_renderer_info");
  return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
})()`;
