import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CameraPose, PageOwner, RenderPageGlobals } from "./camera.js";
import { RenderService } from "./render-service.js";
import { useObservedBrowser } from "./testing/observed-browser.js";

const pose: CameraPose = { x: 8.1, z: 10.5, yaw: 90, pitch: -10 };
const browser = useObservedBrowser();
const storePages = () => browser.storePages("supermarket");
const holders = () =>
  Promise.all(
    storePages().map((p) =>
      p.evaluate(() => (globalThis as unknown as RenderPageGlobals).siturecRender?.holder() ?? null),
    ),
  );
const start = () => RenderService.start({ width: 320, height: 240, poolSize: 1, browserUrl: browser.url() });

describe("render services in a shared browser (SITUREC_BROWSER_URL, DevTools)", () => {
  it("take over the store page another service left, draw the same, and never the page one still holds", async () => {
    const first = await start();
    const a = await first.render("supermarket", pose);
    expect(storePages()).toHaveLength(1);
    expect((await holders())[0]).toMatchObject({ pid: process.pid, host: hostname() });
    await first.close();
    expect(await holders()).toEqual([null]);

    // The page outlived the service and the page server that served it; frames go to the new one's.
    const second = await start();
    const b = await second.render("supermarket", pose);
    expect(b.rgb.equals(a.rgb)).toBe(true);
    expect(storePages()).toHaveLength(1);

    // Held by the second service: a third opens a page of its own.
    const third = await start();
    expect((await third.render("supermarket", pose)).rgb.equals(a.rgb)).toBe(true);
    expect(storePages()).toHaveLength(2);
    await Promise.all([second.close(), third.close()]);
    expect(await holders()).toEqual([null, null]);
  });

  it("take over a page whose holder died on this machine, but not one held on another", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const claim = (owner: PageOwner) =>
      Promise.all(
        storePages().map((p) =>
          p.evaluate((o) => (globalThis as unknown as RenderPageGlobals).siturecRender!.claim(o), owner),
        ),
      );
    const elsewhere = { id: "elsewhere", pid: process.pid, host: `not-${hostname()}` };
    expect(await claim({ id: "dead", pid: dead, host: hostname() })).toEqual([true, true]);
    const pages = storePages();
    await pages[1]!.evaluate(() =>
      (globalThis as unknown as RenderPageGlobals).siturecRender!.release("dead"),
    );
    expect(
      await pages[1]!.evaluate(
        (o) => (globalThis as unknown as RenderPageGlobals).siturecRender!.claim(o),
        elsewhere,
      ),
    ).toBe(true);

    const service = await start();
    await service.render("supermarket", pose);
    // The dead holder's page was taken; the other host's was left, and no page was built.
    expect(storePages()).toHaveLength(2);
    expect((await holders()).map((h) => h?.id)).toEqual([expect.any(String), "elsewhere"]);
    expect((await holders())[0]).toMatchObject({ pid: process.pid });
    await service.close();
  });
});

describe("a render service attached to a Playwright browser server (ws://)", () => {
  it("renders in pages of its own and leaves the browser running when it closes", async () => {
    const { findChromium } = await import("./chromium.js");
    const { renderLaunchOptions } = await import("./browser-launch.js");
    const browserServer = await chromium.launchServer(renderLaunchOptions(await findChromium(), false));
    try {
      const service = await RenderService.start({
        width: 320,
        height: 240,
        poolSize: 1,
        browserUrl: browserServer.wsEndpoint(),
      });
      expect(service.chromium).toMatchObject({ source: "server", path: browserServer.wsEndpoint() });
      const frame = await service.render("supermarket", pose);
      expect(frame.width).toBe(320);
      await service.close();
      const again = await chromium.connect(browserServer.wsEndpoint());
      expect(again.isConnected()).toBe(true);
      await again.close();
    } finally {
      await browserServer.close();
    }
  });
});
