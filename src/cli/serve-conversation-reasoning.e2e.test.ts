import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer, type RecordedRequest } from "../llm/testing/mock-openai-server.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import type { ConversationReplay } from "../web/api-types.js";
import { type RunningServer, startWebServer } from "../web/server.js";
import { runCli } from "./testing/run-cli.js";

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-reasoning-${name}-`));
const THOUGHT = "Dealbreakers first: it must be under budget and have 16GB. The first one has 16GB and fits.";

const lastUserText = (req: RecordedRequest) => {
  const last = req.messages.filter((m) => m.role === "user").at(-1)!;
  if (typeof last.content === "string") return last.content;
  return (last.content as { type: string; text?: string }[]).map((p) => p.text ?? "").join("\n");
};

describe("a CustomerSim conversation's reasoning, stored and shown in the viewer", () => {
  let model: MockOpenAIServer;
  let server: RunningServer;
  let browser: Browser;
  let shots: string;

  beforeAll(async () => {
    model = await MockOpenAIServer.start();
    // The shopper opens without reasoning, then reasons and buys the product recommended. The
    // salesperson (a model too) searches, then recommends the first hit through its recommend tool.
    model.fallback = (req) => {
      if (req.tools.includes("recommend")) {
        const last = req.messages.at(-1)!;
        const hit = /\(id ([a-z]{2}-\d{3})\)/.exec(String(last.content))?.[1];
        return last.role === "tool" && hit
          ? {
              kind: "text",
              content: `<think>Pitch the first hit.</think>Try this one (${hit}).`,
              toolCalls: [{ name: "recommend", arguments: JSON.stringify({ product_ids: [hit] }) }],
            }
          : {
              kind: "text",
              content: "",
              toolCalls: [{ name: "lookup_product_items", arguments: '{"query":"laptop for work"}' }],
            };
      }
      const id = /\(([a-z]{2}-\d{3})\)/.exec(lastUserText(req))?.[1];
      return id
        ? {
            kind: "text",
            content: `<reasoning>\n${THOUGHT}\n</reasoning>\nI'll take it.`,
            toolCalls: [{ name: "add_to_cart", arguments: JSON.stringify({ product_id: id }) }],
          }
        : { kind: "text", content: "Hi, I need a laptop for work." };
    };
    const dir = tmp("runs");
    const r = await runCli(
      "customersim",
      "run",
      "--shopper",
      model.modelId("shopper-lm"),
      "--sales",
      model.modelId("sales-lm"),
      "--category",
      "laptops",
      "--personas",
      "0:1",
      "--out",
      dir,
      "--run-id",
      "reasoning",
      "--quiet",
    );
    expect(r.code, r.err).toBe(0);
    const appDir = tmp("app");
    await build({
      configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
      build: { outDir: appDir },
      logLevel: "warn",
    });
    server = await startWebServer({ dir, appDir, port: 0 });
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp("screenshots");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await model?.close();
  });

  it("the API gives each round's reasoning; the page folds it under the shopper's message", async () => {
    const conv = (await (
      await fetch(`${server.url}/api/runs/reasoning/episodes/laptops/lt-p001`)
    ).json()) as ConversationReplay;
    expect(conv.rounds.map((r) => r.shopperReasoning)).toEqual([undefined, THOUGHT]);
    expect(conv.rounds.map((r) => r.salesReasoning)).toEqual(["Pitch the first hit.", undefined]);
    expect(conv.recommended).toHaveLength(1);
    expect(conv.purchased).toBe(conv.recommended[0]);
    // Neither side's reasoning reached the other side's model.
    const seen = (tool: string) =>
      model.requests.filter((q) => q.tools.includes(tool)).map((q) => JSON.stringify(q.messages));
    expect(seen("recommend").length).toBeGreaterThan(0);
    expect(seen("recommend").some((m) => m.includes("Dealbreakers first"))).toBe(false);
    expect(seen("add_to_cart").some((m) => m.includes("Pitch the first hit"))).toBe(false);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${server.url}/#/runs/reasoning/laptops/lt-p001`);
      const block = page.locator(".transcript .line.shopper details.reasoning");
      await block.first().waitFor();
      expect(await block.count()).toBe(1);
      expect(await block.first().getAttribute("open")).toBeNull();
      await block.first().locator("summary").click();
      expect(await block.first().locator(".reasoning-text").textContent()).toBe(THOUGHT);
      expect(await block.first().locator(".reasoning-text").isVisible()).toBe(true);
      await page.locator("ol.transcript").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, "viewer-conversation-reasoning.png"), fullPage: true });
      console.log(`viewer screenshot: ${join(shots, "viewer-conversation-reasoning.png")}`);
    } finally {
      await page.close();
    }
  });
});
