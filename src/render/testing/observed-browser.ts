import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchRenderBrowserServer, type RenderBrowserServer } from "../browser-launch.js";

/** A DevTools browser of the test file's own, and a second client on it to look at its pages. */
export interface ObservedBrowser {
  /** The browser's DevTools URL, for `RenderService.start({ browserUrl })`. */
  url(): string;
  /** The second client: sees every page the render services open. */
  observer(): Browser;
  /** The pages of a store (`env=STORE` in their address) open in the browser now. */
  storePages(env: string): Page[];
}

/**
 * Launches the browser before the file's tests and closes it after: the file's own, not the
 * suite's, so the pages counted are only its tests'.
 */
export function useObservedBrowser(): ObservedBrowser {
  let server: RenderBrowserServer | undefined;
  let observer: Browser | undefined;
  beforeAll(async () => {
    server = await launchRenderBrowserServer();
    observer = await chromium.connectOverCDP(server.url);
  });
  afterAll(async () => {
    await observer?.close();
    await server?.close();
  });
  return {
    url: () => server!.url,
    observer: () => observer!,
    storePages: (env) =>
      observer!
        .contexts()[0]!
        .pages()
        .filter((p) => p.url().includes(`env=${env}`)),
  };
}
