/**
 * Global setup of the end-to-end tier: one Chromium for the whole run, launched here once with its
 * DevTools endpoint on loopback. Every test file attaches to it (test/e2e-setup.ts sets
 * SITUREC_BROWSER_URL): a RenderService, a `siturec run` in-process or in a child process, and the
 * viewer's page tests open pages there instead of starting a browser each, and a store page built
 * once (a few seconds) is taken over by the next render service that needs the same one.
 */
import type { TestProject } from "vitest/node";
import { launchRenderBrowserServer } from "../src/render/browser-launch.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared browser's DevTools URL. */
    browserUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchRenderBrowserServer();
  project.provide("browserUrl", server.url);
  return () => server.close();
}
