import { randomUUID } from "node:crypto";
import { availableParallelism, hostname } from "node:os";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { QUALITY_SIZE, type RenderQuality } from "../core/camera.js";
import { SiturecError, shortMessage } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import { processAlive } from "../core/process-alive.js";
import { envIds } from "../envs/registry.js";
import {
  BROWSER_URL_VARIABLE,
  connectRenderBrowser,
  GL_RENDERER,
  type GpuChoice,
  gpuChoice,
  launchRenderBrowser,
  sharedContextOf,
  triesGpu,
} from "./browser-launch.js";
import type {
  CameraPose,
  FramePasses,
  PageFrame,
  PageOwner,
  RenderPageGlobals,
  SceneState,
} from "./camera.js";
import { type FoundChromium, findChromium } from "./chromium.js";
import { idWords } from "./frame-pixels.js";
import { PageServer } from "./page-server.js";
import type { FrameOptions, RawFrame } from "./render-frame.js";

export { type FrameBuffers, type FrameOptions, frameBuffers, type RawFrame } from "./render-frame.js";

export interface RenderOptions {
  width?: number;
  height?: number;
  quality?: RenderQuality;
  /** Pages per store for concurrent episodes; default: half the CPU cores, at least one. */
  poolSize?: number;
  /** `auto` tries the GPU where the machine has a render node and falls back to SwiftShader. */
  gpu?: GpuChoice;
  /**
   * A running browser to render in instead of launching one: a DevTools endpoint (`http://HOST:PORT`,
   * e.g. `launchRenderBrowserServer().url`), where store pages are shared with and kept warm for
   * other services, or a Playwright browser server's `ws://` URL (pages of the service's own).
   * Default: `SITUREC_BROWSER_URL`; `""` launches one even where that is set. The service never
   * closes that browser.
   */
  browserUrl?: string;
}

interface PooledPage {
  page: Page;
  busy: boolean;
}

/** Rendering failed, and failed again after the browser or page was restarted. */
export class RenderError extends SiturecError {
  override readonly name = "RenderError";
}

const short = (err: unknown) => shortMessage(err, 200);

interface Waiter {
  resolve: (p: PooledPage) => void;
  reject: (err: unknown) => void;
}

/**
 * Renders observations in headless Chromium: one browser, and per store a pool of pages that keep
 * their scene alive across turns and episodes. Uses a GPU when Chromium has one, SwiftShader
 * otherwise. A frame that fails (a page that crashed, a browser that died or was killed) is retried
 * once on a fresh page, in a restarted browser if need be; only a second failure reaches the caller.
 */
export class RenderService {
  readonly width: number;
  readonly height: number;
  readonly quality: RenderQuality;
  readonly poolSize: number;
  private readonly pools = new Map<EnvId, PooledPage[]>();
  private readonly waiters = new Map<EnvId, Waiter[]>();
  private readonly creating = new Map<EnvId, number>();
  private frameSeq = 0;
  private restarting?: Promise<void>;
  private closed = false;
  /** Who holds this service's pages in a shared browser. */
  private readonly owner: PageOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  /**
   * In a shared browser (one reached over CDP), its default context: store pages are opened there,
   * outlive this service and are taken over by the next (a scene takes seconds to build).
   */
  private shared: BrowserContext | undefined;
  /** Browser restarts after a crash, for reports and tests. */
  restarts = 0;
  /** The WebGL renderer the browser reports (e.g. SwiftShader's, or the GPU's). */
  rendererName = "unknown";
  /** The browser's own version, e.g. `143.0.7499.0`. */
  browserVersion = "unknown";
  /** The browser binary, where it came from and what was added to its environment. */
  chromium?: FoundChromium;

  private constructor(
    private browser: Browser,
    private readonly launchBrowser: () => Promise<Browser>,
    private readonly server: PageServer,
    private readonly baseUrl: string,
    opts: RenderOptions,
  ) {
    this.quality = opts.quality ?? "fast";
    this.width = opts.width ?? QUALITY_SIZE[this.quality].width;
    this.height = opts.height ?? QUALITY_SIZE[this.quality].height;
    this.poolSize = opts.poolSize ?? Math.max(1, Math.floor(availableParallelism() / 2));
  }

  static async start(opts: RenderOptions = {}): Promise<RenderService> {
    const url = opts.browserUrl ?? process.env[BROWSER_URL_VARIABLE] ?? "";
    const server = new PageServer();
    const baseUrl = await server.start();
    let service: RenderService;
    try {
      service = url
        ? await RenderService.attach(url, server, baseUrl, opts)
        : await RenderService.launch(server, baseUrl, opts);
    } catch (err) {
      await server.close();
      throw err;
    }
    try {
      await service.identify();
    } catch (err) {
      await service.close();
      throw err;
    }
    return service;
  }

  /** In a browser server someone else runs: a lost connection is made again, never a browser launched. */
  private static async attach(
    url: string,
    server: PageServer,
    baseUrl: string,
    opts: RenderOptions,
  ): Promise<RenderService> {
    const connect = () => connectRenderBrowser(url);
    const service = new RenderService(await connect(), connect, server, baseUrl, opts);
    service.shared = sharedContextOf(url, service.browser);
    service.chromium = { path: url, source: "server", env: {} };
    return service;
  }

  private static async launch(
    server: PageServer,
    baseUrl: string,
    opts: RenderOptions,
  ): Promise<RenderService> {
    const found = await findChromium();
    const gpu = gpuChoice(opts.gpu);
    const tryGpu = triesGpu(gpu);
    let launcher = () => launchRenderBrowser(found, tryGpu);
    let service = new RenderService(await launcher(), launcher, server, baseUrl, opts);
    if (tryGpu && gpu === "auto") {
      try {
        const name = await service.probe();
        if (/swiftshader|llvmpipe/i.test(name)) throw new Error("software GL");
      } catch {
        await service.browser.close();
        launcher = () => launchRenderBrowser(found, false);
        service = new RenderService(await launcher(), launcher, server, baseUrl, opts);
      }
    }
    service.chromium = found;
    return service;
  }

  /** Learns the browser's version and, from a blank page, its WebGL2 renderer (store pages need WebGL2). */
  private async identify(): Promise<void> {
    this.browserVersion = this.browser.version();
    const page = await this.browser.newPage();
    try {
      const renderer: unknown = await page.evaluate(GL_RENDERER);
      if (typeof renderer !== "string")
        throw new RenderError(`the browser (${this.chromium?.path}, ${this.browserVersion}) has no WebGL2`, {
          hint: "unset SITUREC_GPU or set it to off (SwiftShader), or use the bundled browser (unset SITUREC_CHROMIUM)",
        });
      this.rendererName = renderer;
    } finally {
      await page.close();
    }
  }

  /** Opens the first store's page to learn which GL the browser got. */
  private async probe(): Promise<string> {
    const env = envIds()[0]!;
    const pooled = await this.acquire(env);
    this.release(env, pooled);
    return this.rendererName;
  }

  /** The parameters a store page is opened with; a shared page is taken over only where they match. */
  private pageParams(env: EnvId): URLSearchParams {
    return new URLSearchParams({
      env,
      w: String(this.width),
      h: String(this.height),
      q: this.quality,
      v: this.server.pageKey(env),
    });
  }

  private async openPage(env: EnvId): Promise<PooledPage> {
    const taken = this.shared ? await this.takeSharedPage(env) : undefined;
    if (taken) return { page: taken, busy: true };
    const page = this.shared ? await this.shared.newPage() : await this.browser.newPage();
    // A shared page is this service's from its first moment: another process sees it loaded, held.
    const params = this.pageParams(env);
    if (this.shared) {
      params.set("o", this.owner.id);
      params.set("pid", String(this.owner.pid));
      params.set("host", this.owner.host);
    }
    await page.goto(`${this.baseUrl}/?${params}`);
    await page.waitForFunction(
      () => {
        const g = globalThis as unknown as RenderPageGlobals;
        return g.siturecRender !== undefined || g.siturecError !== undefined;
      },
      undefined,
      { timeout: 180_000 },
    );
    const error = await page.evaluate(() => (globalThis as unknown as RenderPageGlobals).siturecError);
    if (error) {
      await page.close().catch(() => {});
      throw new Error(`render page for ${env} failed: ${error}`);
    }
    const info = await page.evaluate(() =>
      (globalThis as unknown as RenderPageGlobals).siturecRender!.info(),
    );
    this.rendererName = info.renderer;
    return { page, busy: true };
  }

  /**
   * A page of this store, size, quality and code that another render service left in the shared
   * browser, idle or held by a process of this machine that died, now held by this one.
   */
  private async takeSharedPage(env: EnvId): Promise<Page | undefined> {
    const want = this.pageParams(env);
    const mine = new Set([...this.pools.values()].flat().map((p) => p.page));
    for (const page of this.shared!.pages()) {
      if (mine.has(page) || !samePageParams(page.url(), want)) continue;
      try {
        const holder = await page.evaluate(() =>
          (globalThis as unknown as RenderPageGlobals).siturecRender?.holder(),
        );
        if (holder === undefined) continue; // still loading: its opener holds it
        const steal = holder && !processAlive(holder.pid, holder.host) ? holder.id : undefined;
        if (holder && !steal) continue;
        const claimed = await page.evaluate(
          ([owner, dead]) => (globalThis as unknown as RenderPageGlobals).siturecRender!.claim(owner, dead),
          [this.owner, steal] as const,
        );
        if (claimed) return page;
      } catch {
        // Closed or crashed meanwhile: not a page to take.
      }
    }
    return undefined;
  }

  private async acquire(env: EnvId): Promise<PooledPage> {
    const pool = this.pools.get(env) ?? [];
    this.pools.set(env, pool);
    const free = pool.find((p) => !p.busy);
    if (free) {
      free.busy = true;
      return free;
    }
    const opening = this.creating.get(env) ?? 0;
    if (pool.length + opening < this.poolSize) {
      this.creating.set(env, opening + 1);
      try {
        const page = await this.openPage(env);
        pool.push(page);
        return page;
      } finally {
        this.creating.set(env, (this.creating.get(env) ?? 1) - 1);
      }
    }
    return new Promise((resolve, reject) => {
      const list = this.waiters.get(env) ?? [];
      list.push({ resolve, reject });
      this.waiters.set(env, list);
    });
  }

  private release(env: EnvId, pooled: PooledPage): void {
    const next = this.waiters.get(env)?.shift();
    if (next) next.resolve(pooled);
    else pooled.busy = false;
  }

  /** Takes a failed page out of its pool; whoever waits for a page gets a new one. */
  private drop(env: EnvId, pooled: PooledPage): void {
    const pool = this.pools.get(env) ?? [];
    const i = pool.indexOf(pooled);
    if (i >= 0) pool.splice(i, 1);
    pooled.page.close().catch(() => {});
    const next = this.waiters.get(env)?.shift();
    if (next) this.acquire(env).then(next.resolve, next.reject);
  }

  /** A browser that died is started again (once, for every caller that noticed); its pages are gone. */
  private async recover(): Promise<void> {
    if (this.browser.isConnected()) return;
    this.restarting ??= (async () => {
      this.pools.clear();
      this.browser = await this.launchBrowser();
      if (this.shared) this.shared = this.browser.contexts()[0];
      this.restarts++;
    })().finally(() => {
      this.restarting = undefined;
    });
    await this.restarting;
  }

  /** The pages this service holds for a store (rendering or idle). */
  pagesOf(env: EnvId): number {
    return this.pools.get(env)?.length ?? 0;
  }

  /**
   * Closes the store's idle pages, giving back their scene's memory (in the page and in the GPU
   * process): a run calls it once no episode of that store is left. A later render of the store
   * opens a page again. In a shared browser the pages are released, warm, for other services instead.
   */
  async retire(env: EnvId): Promise<void> {
    const pool = this.pools.get(env) ?? [];
    const idle = pool.filter((p) => !p.busy);
    this.pools.set(
      env,
      pool.filter((p) => p.busy),
    );
    await Promise.all(
      idle.map(({ page }) =>
        (this.shared
          ? page.evaluate(
              (id) => (globalThis as unknown as RenderPageGlobals).siturecRender?.release(id),
              this.owner.id,
            )
          : page.close()
        ).catch(() => {}),
      ),
    );
  }

  /** Opens the store's page now (building a scene takes a few seconds), so the first render is warm. */
  async warm(env: EnvId): Promise<void> {
    this.release(env, await this.acquire(env));
  }

  /**
   * Renders RGB, segmentation and depth from a camera at the shopper's eye, with the store in
   * `state` (items picked up, the item in hand); pages are pooled, so every call states it in full.
   * A failed frame is retried once on a fresh page (in a restarted browser if it died); a second
   * failure is a RenderError with a one-line reason.
   */
  async render(
    env: EnvId,
    pose: CameraPose,
    state: SceneState = { hidden: [], held: null },
    opts: FrameOptions = {},
  ): Promise<RawFrame> {
    try {
      return await this.renderOnce(env, pose, state, opts);
    } catch (first) {
      if (this.closed) throw first;
      try {
        await this.recover();
        return await this.renderOnce(env, pose, state, opts);
      } catch (second) {
        throw new RenderError(`rendering ${env} failed twice: ${short(second)} (first: ${short(first)})`);
      }
    }
  }

  private async renderOnce(
    env: EnvId,
    pose: CameraPose,
    state: SceneState,
    opts: FrameOptions,
  ): Promise<RawFrame> {
    const t0 = performance.now();
    const pooled = await this.acquire(env);
    const id = String(++this.frameSeq);
    const passes: FramePasses = { colour: opts.colour ?? true, buffers: opts.buffers ?? false };
    // A frame without colour or buffers posts no pixels: nothing to wait for.
    const frame = passes.colour || passes.buffers ? this.server.expectFrame(id) : undefined;
    // If the page fails first, the frame is cancelled: its rejection is handled here, not left loose.
    frame?.catch(() => {});
    try {
      const answer = await pooled.page.evaluate(
        ([p, uploadUrl, s, f]) =>
          (globalThis as unknown as RenderPageGlobals).siturecRender!.observe(p, uploadUrl, s, f),
        [pose, this.server.frameUrl(id), state, passes] as const,
      );
      const { timings, regions } = JSON.parse(answer) as PageFrame;
      const body = frame ? await frame : Buffer.alloc(0);
      const { width: w, height: h } = this;
      const colour = passes.colour ? w * h * 3 : 0;
      const size = w * h * 4;
      const expected = passes.buffers ? colour + size * 2 : colour;
      if (body.length !== expected)
        throw new Error(`render: frame ${id} has ${body.length} bytes, expected ${expected}`);
      this.release(env, pooled);
      return {
        width: w,
        height: h,
        rgb: body.subarray(0, colour),
        regions,
        ...(passes.buffers
          ? {
              buffers: {
                seg: idWords(body, colour, w, h),
                depthMm: idWords(body, colour + size, w, h),
              },
            }
          : {}),
        timings: { ...timings, totalMs: performance.now() - t0 },
      };
    } catch (err) {
      this.server.cancelFrame(id, err as Error);
      this.drop(env, pooled);
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const list of this.waiters.values())
      for (const w of list.splice(0)) w.reject(new RenderError("the render service closed"));
    // Shared pages stay open, warm, for the next service; closing the browser only disconnects.
    if (this.shared)
      await Promise.all(
        [...this.pools.values()]
          .flat()
          .map(({ page }) =>
            page
              .evaluate(
                (id) => (globalThis as unknown as RenderPageGlobals).siturecRender?.release(id),
                this.owner.id,
              )
              .catch(() => {}),
          ),
      );
    await this.browser.close().catch(() => {});
    await this.server.close();
  }
}

/** Whether a page was opened with these store, size, quality and code parameters (wherever it was served from). */
function samePageParams(url: string, want: URLSearchParams): boolean {
  if (!URL.canParse(url)) return false;
  const got = new URL(url).searchParams;
  return [...want].every(([k, v]) => got.get(k) === v);
}
