import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CameraPose, RenderPageGlobals } from "./camera.js";
import { RenderService } from "./render-service.js";
import { useObservedBrowser } from "./testing/observed-browser.js";

const poses: CameraPose[] = [0, 90, 180].map((yaw) => ({ x: 8.1, z: 10.5, yaw, pitch: -10 }));
const browser = useObservedBrowser();
const storePage = (): Page => {
  const pages = browser.storePages("supermarket");
  expect(pages).toHaveLength(1);
  return pages[0]!;
};
const uploadVia = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as RenderPageGlobals).siturecRender!.info().upload);

/** The POST requests the page's own network agent reports from now on. */
async function pagePosts(page: Page): Promise<string[]> {
  const posts: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.request.method === "POST") posts.push(new URL(e.request.url).pathname);
  });
  await cdp.send("Network.enable");
  return posts;
}

const start = () => RenderService.start({ width: 320, height: 240, poolSize: 1, browserUrl: browser.url() });

describe("frame uploads", () => {
  it("go from a shared worker: the page's network agent, which keeps request bodies, sees none", async () => {
    const service = await start();
    try {
      const first = await service.render("supermarket", poses[0]!);
      const page = storePage();
      expect(await uploadVia(page)).toBe("shared-worker");
      const posts = await pagePosts(page);
      // The listener does see a POST the page makes itself.
      await page.evaluate(() => fetch("/control", { method: "POST", body: "x" }).then(() => {}));
      await expect.poll(() => posts).toEqual(["/control"]);
      const frames = [];
      for (const pose of poses) frames.push(await service.render("supermarket", pose));
      expect(frames[0]!.rgb.equals(first.rgb)).toBe(true);
      expect(frames.map((f) => f.rgb.length)).toEqual([320 * 240 * 3, 320 * 240 * 3, 320 * 240 * 3]);
      expect(posts).toEqual(["/control"]);
    } finally {
      await service.close();
    }
  });

  it("go from the page once the worker is gone, and the frames are the same", async () => {
    const service = await start();
    try {
      const before = await service.render("supermarket", poses[1]!);
      const page = storePage();
      const cdp = await browser.observer().newBrowserCDPSession();
      const { targetInfos } = await cdp.send("Target.getTargets");
      const workers = targetInfos.filter((t) => t.type === "shared_worker");
      expect(workers.length).toBeGreaterThan(0);
      for (const w of workers) await cdp.send("Target.closeTarget", { targetId: w.targetId });
      const after = await service.render("supermarket", poses[1]!);
      expect(after.rgb.equals(before.rgb)).toBe(true);
      expect(await uploadVia(page)).toBe("page");
    } finally {
      await service.close();
    }
  });
});
