import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MockOpenAIServer, type RecordedRequest } from "../llm/testing/mock-openai-server.js";
import { imageTokens, textTokens } from "../llm/token-count.js";
import { RenderService } from "../render/render-service.js";
import { estimateRun } from "../runner/estimate.js";
import { runBenchmark } from "../runner/run-benchmark.js";
import { parseRunConfig } from "../runner/run-config.js";
import { tmpStore as tmp, trajectoriesOf } from "../runner/testing/run-store-reads.js";
import { listRuns } from "./runs-command.js";
import { runCli } from "./testing/run-cli.js";

let render: RenderService;
let mock: MockOpenAIServer;
beforeAll(async () => {
  render = await RenderService.start({ poolSize: 2 });
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await render?.close();
  await mock?.close();
});
beforeEach(() => {
  mock.requests.length = 0;
});

const greet = JSON.stringify({
  utterance: "Hello! What can I help you find today?",
  assistant_actions: [{ type: "AskPreference" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: ["not-a-product"],
  tool_calls: [],
});

const PRICE = { input: 2.5, output: 10, cachedInput: 1.25 };
const config = (storeDir: string, extra: Record<string, unknown> = {}) =>
  parseRunConfig({
    env: "supermarket",
    tasks: "0:2",
    maxTurns: 2,
    concurrency: 1,
    storeDir,
    agents: { assistant: mock.modelId() },
    llm: { noCache: true, prices: { [mock.modelId()]: PRICE } },
    ...extra,
  });

describe("what a run costs", () => {
  it("records cached input tokens per call and costs them at the cached price: trajectory, summary and runs --json agree to the cent", async () => {
    mock.fallback = () => ({
      kind: "text",
      content: greet,
      inputTokens: 20_000,
      cachedInputTokens: 16_384,
      outputTokens: 50,
    });
    const storeDir = tmp("costs");
    const run = await runBenchmark(config(storeDir), { render, runId: "cached", preflight: false });
    expect(run.status).toBe("complete");
    const perCall = (3_616 * PRICE.input + 16_384 * PRICE.cachedInput + 50 * PRICE.output) / 1e6;
    const saving = (16_384 * (PRICE.input - PRICE.cachedInput)) / 1e6;
    const calls = (await trajectoriesOf(storeDir, "cached")).flatMap((t) =>
      t.turns.flatMap((r) => r.assistant.calls),
    );
    expect(calls).toHaveLength(4);
    for (const c of calls) {
      expect(c).toMatchObject({ inputTokens: 20_000, cachedInputTokens: 16_384, outputTokens: 50 });
      expect(c.costUsd).toBeCloseTo(perCall, 12);
      expect(c.cacheSavingUsd).toBeCloseTo(saving, 12);
    }
    const cents = (v: number) => Math.round(v * 100);
    const s = run.summaries[0]!;
    expect(s.cachedInputTokens).toBe(4 * 16_384);
    expect(cents(s.costUsd)).toBe(cents(4 * perCall));
    expect(s.cacheSavingUsd).toBeCloseTo(4 * saving, 9);
    const [listed] = await listRuns(storeDir);
    expect(listed).toMatchObject({
      inputTokens: 80_000,
      cachedInputTokens: 4 * 16_384,
      uncachedInputTokens: 4 * 3_616,
      cacheWriteTokens: 0,
    });
    expect(cents(listed!.costUsd)).toBe(cents(4 * perCall));
    expect(listed!.cacheSavingUsd).toBeCloseTo(4 * saving, 9);
    expect(listed!.spent[0]).toMatchObject({ role: "assistant", cachedInputTokens: 4 * 16_384 });
    // The trajectory's own usage totals carry the split too.
    const [t] = await trajectoriesOf(storeDir, "cached");
    expect(t!.outcome.usage.assistant.cachedInputTokens).toBe(2 * 16_384);
    // The report's model-calls table shows the same split and cost.
    const out = tmp("report");
    expect((await runCli("report", "cached", "--dir", storeDir, "--out", out)).code).toBe(0);
    const csvRows = readFileSync(join(out, "model-calls.csv"), "utf8").trim().split("\n");
    expect(csvRows).toHaveLength(2);
    const [label, role, , nCalls, input, uncached, cached, writes, output, cost] = csvRows[1]!.split(",");
    expect(label).toContain("Supermarket");
    expect([role, nCalls, input, uncached, cached, writes, output]).toEqual([
      "assistant",
      "4",
      "80000",
      String(4 * 3_616),
      String(4 * 16_384),
      "0",
      "200",
    ]);
    expect(cents(Number(cost))).toBe(cents(4 * perCall));
  });

  it("sends a byte-identical constant prefix (system message, output schema) across turns and episodes of one store and condition", async () => {
    mock.fallback = () => ({ kind: "text", content: greet, inputTokens: 900, outputTokens: 40 });
    await runBenchmark(config(tmp("prefix")), { render, runId: "prefix", preflight: false });
    const assistant = mock.requests.filter((r) => JSON.stringify(r.body).includes("assistant_turn"));
    expect(assistant.length).toBe(4);
    const prefix = (r: RecordedRequest) =>
      JSON.stringify({
        system: r.messages.filter((m) => m.role === "system"),
        schema: r.body.response_format,
        tools: r.body.tools,
      });
    const first = prefix(assistant[0]!);
    expect(first.length).toBeGreaterThan(10_000);
    for (const r of assistant) expect(prefix(r)).toBe(first);
    // The system message comes first, the per-turn part after it.
    for (const r of assistant) expect(r.messages[0]!.role).toBe("system");
  });

  it("--max-cost stops starting episodes at the limit, marks the run budget_exhausted, and a resume with a higher limit finishes it", async () => {
    // Each call costs $0.01: 4,000 input tokens at $2.50 per million.
    mock.fallback = () => ({ kind: "text", content: greet, inputTokens: 4_000, outputTokens: 0 });
    const storeDir = tmp("budget");
    const c = config(storeDir, { tasks: "0:4" });
    const first = await runBenchmark(c, { render, runId: "budget", preflight: false, maxCostUsd: 0.015 });
    expect(first.status).toBe("budget_exhausted");
    // One episode of two turns reached the limit; no other was started.
    const finished = first.summaries[0]!.finished;
    expect(finished).toBe(1);
    expect(first.spentUsd).toBeCloseTo(0.02, 9);
    expect((await listRuns(storeDir))[0]!.status).toBe("budget_exhausted");
    const again = await runBenchmark(c, { render, resume: "budget", preflight: false, maxCostUsd: 0.015 });
    expect(again.status).toBe("budget_exhausted");
    expect(again.timing.episodes).toBe(0);
    const done = await runBenchmark(c, { render, resume: "budget", preflight: false, maxCostUsd: 1 });
    expect(done.status).toBe("complete");
    expect(done.summaries[0]!.finished).toBe(4);
    expect(done.spentUsd).toBeCloseTo(0.08, 9);
  });

  it("--estimate makes no request, and its first-turn input tokens are within 10% of what the server receives", async () => {
    mock.fallback = () => ({ kind: "text", content: greet, inputTokens: 900, outputTokens: 40 });
    const c = config(tmp("estimate"), { tasks: "0:2" });
    const estimate = await estimateRun(c, { render, sample: 2 });
    expect(mock.requests).toHaveLength(0);
    expect(mock.pings).toHaveLength(0);
    expect(estimate.episodes).toBe(2);
    const role = estimate.roles.find((r) => r.role === "assistant")!;
    expect(role.model).toBe(mock.modelId());
    expect(role.calls.high).toBe(4);
    expect(role.costUsd.high).toBeGreaterThanOrEqual(role.costUsd.low);
    expect(role.costUsd.low).toBeGreaterThan(0);
    // Now run it and count what the server received for the first turn of each episode.
    await runBenchmark(c, { render, runId: "estimated", preflight: false });
    // Two turns an episode, one episode at a time: requests 0 and 2 open the episodes.
    expect(mock.requests).toHaveLength(4);
    const received = [mock.requests[0]!, mock.requests[2]!].map(receivedTokens);
    const mean = received.reduce((s, n) => s + n, 0) / received.length;
    expect(Math.abs(role.firstTurnInputTokens - mean) / mean).toBeLessThan(0.1);
  });

  it("siturec run --estimate --json prints the estimate and calls nothing; --max-cost takes an amount", async () => {
    const dir = tmp("estimate-cli");
    const r = await runCli(
      "run",
      "--env",
      "supermarket",
      "--tasks",
      "0:3",
      "--assistant",
      mock.modelId(),
      "--estimate",
      "--json",
      "--estimate-sample",
      "1",
      "--out",
      dir,
    );
    expect(r.code, r.err).toBe(0);
    const e = JSON.parse(r.out) as { episodes: number; sampled: number; roles: { role: string }[] };
    expect(e).toMatchObject({ episodes: 3, sampled: 1 });
    expect(e.roles.map((x) => x.role)).toEqual(["assistant"]);
    expect(mock.requests).toHaveLength(0);
    expect(mock.pings).toHaveLength(0);
    const bad = await runCli("run", "--max-cost", "lots", "--out", dir);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/not an amount of USD/);
  });
});

/**
 * The input tokens of a request as the server received it (o200k_base, as the estimate counts an
 * OpenAI-compatible model): every text, the schema, each image by OpenAI's rule.
 */
function receivedTokens(r: RecordedRequest): number {
  const count = (text: string) => textTokens(text, "openai-compatible:m");
  let n = count(
    JSON.stringify(
      (r.body.response_format as { json_schema?: { schema?: unknown } })?.json_schema?.schema ?? "",
    ),
  );
  for (const m of r.messages) {
    if (typeof m.content === "string") n += count(m.content);
    else if (Array.isArray(m.content))
      for (const p of m.content as { type: string; text?: string; image_url?: { url: string } }[]) {
        if (p.type === "text") n += count(p.text ?? "");
        else if (p.type === "image_url") {
          const png = Buffer.from(p.image_url!.url.split(",")[1]!, "base64");
          n += imageTokens("openai-compatible", png.readUInt32BE(16), png.readUInt32BE(20));
        }
      }
  }
  return n;
}
