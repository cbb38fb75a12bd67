import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { StoredConversation } from "../customersim/stored-conversation.js";
import { MockOpenAIServer, type RecordedRequest } from "../llm/testing/mock-openai-server.js";
import { textTokens } from "../llm/token-count.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-runs");

describe("an LLM shopper through the OpenAI-compatible mock", () => {
  let server: MockOpenAIServer;
  beforeAll(async () => {
    server = await MockOpenAIServer.start();
  });
  afterAll(() => server.close());

  const lastUserText = (req: RecordedRequest) => {
    const last = req.messages.filter((m) => m.role === "user").at(-1)!;
    if (typeof last.content === "string") return last.content;
    return (last.content as { type: string; text?: string }[]).map((p) => p.text ?? "").join("\n");
  };

  it("runs end to end with native tool calls, recording tokens and cost per conversation and on the ledger", async () => {
    const dir = tmp();
    const model = server.modelId("shopper-lm");
    const config = join(dir, "llm.json");
    writeFileSync(config, JSON.stringify({ llm: { prices: { [model]: { input: 2, output: 8 } } } }));
    // The shopper opens, then buys the first product the salesperson names, with a native add_to_cart.
    server.fallback = (req) => {
      const id = /\(([a-z]{2}-\d{3})\)/.exec(lastUserText(req))?.[1];
      return id
        ? {
            kind: "text",
            content: "<reasoning>It fits.</reasoning>\nI'll take it.",
            toolCalls: [{ name: "add_to_cart", arguments: JSON.stringify({ product_id: id }) }],
            inputTokens: 900,
            outputTokens: 40,
          }
        : { kind: "text", content: "Hi, I need a laptop for work.", inputTokens: 500, outputTokens: 20 };
    };
    const r = await runCli(
      "customersim",
      "run",
      "--shopper",
      model,
      "--sales",
      "reference",
      "--category",
      "laptops",
      "--personas",
      "0:2",
      "--out",
      dir,
      "--run-id",
      "llm",
      "--config",
      config,
      "--quiet",
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/2 conversations: DA [\d.]+ · 2 purchases, 0 abstentions/);
    expect(server.requests.length).toBe(4);
    expect(server.requests[0]!.tools).toEqual(["add_to_cart", "end_conversation"]);
    const cost = (2 * (500 * 2 + 20 * 8) + 2 * (900 * 2 + 40 * 8)) / 1e6;
    expect(r.out).toContain(`$${cost.toFixed(4)}`);

    const runs = JSON.parse((await runCli("runs", "--dir", dir, "--json")).out) as {
      id: string;
      costUsd: number;
      spent: { role: string; calls: number }[];
    }[];
    expect(runs[0]!.costUsd).toBeCloseTo(cost);
    expect(runs[0]!.spent).toEqual([expect.objectContaining({ role: "shopper", model, calls: 4 })]);

    const exported = (await runCli("export", "llm", "--dir", dir)).out
      .trim()
      .split("\n")
      .map((l) => StoredConversation.parse(JSON.parse(l)));
    expect(exported).toHaveLength(2);
    for (const c of exported) {
      expect(c.outcome.reason).toBe("purchase");
      expect(c.outcome.usage.shopper).toMatchObject({ calls: 2, inputTokens: 1400, outputTokens: 60 });
      expect(c.outcome.usage.shopper.costUsd).toBeCloseTo(cost / 2);
      expect(c.rounds.map((round) => round.calls.length)).toEqual([1, 1]);
      expect(c.rounds[1]!.shopper.toolCalls[0]).toMatchObject({ name: "add_to_cart", valid: true });
    }
    const store = openRunStore(dir, { readonly: true });
    const rows = await store.episodes("llm");
    await store.close();
    expect(rows.map((e) => [e.env, e.inputTokens, e.outputTokens])).toEqual([
      ["laptops", 1400, 60],
      ["laptops", 1400, 60],
    ]);
  });

  it("--estimate builds the first requests and calls nothing; --max-cost stops starting conversations, a resume goes on", async () => {
    const dir = tmp();
    const model = server.modelId("shopper-lm");
    const config = join(dir, "llm.json");
    writeFileSync(config, JSON.stringify({ llm: { prices: { [model]: { input: 2, output: 8 } } } }));
    const args = ["customersim", "run", "--shopper", model, "--sales", "reference", "--category", "laptops"];
    const before = server.requests.length;
    const est = await runCli(
      ...args,
      "--personas",
      "0:3",
      "--out",
      dir,
      "--config",
      config,
      "--estimate",
      "--json",
    );
    expect(est.code, est.err).toBe(0);
    expect(server.requests.length).toBe(before);
    const e = JSON.parse(est.out) as {
      conversations: number;
      sampled: number;
      rounds: { low: number; high: number };
      roles: {
        role: string;
        calls: { low: number; high: number };
        firstTurnInputTokens: number;
        costUsd: { low: number };
      }[];
    };
    expect(e).toMatchObject({ conversations: 3, sampled: 3, rounds: { low: 6, high: 30 } });
    expect(e.roles).toMatchObject([{ role: "shopper", model, calls: { low: 6, high: 30 } }]);
    expect(e.roles[0]!.costUsd.low).toBeGreaterThan(0);
    const text = await runCli(...args, "--personas", "0:3", "--out", dir, "--estimate");
    expect(text.out).toMatch(/3 conversations, 6–30 rounds in all[\s\S]*shopper/);

    // The first conversation's spend passes $0.001: the run stops there and says how to go on.
    const capped = await runCli(
      ...args,
      "--personas",
      "0:3",
      "--out",
      dir,
      "--run-id",
      "capped",
      "--config",
      config,
      "--concurrency",
      "1",
      "--max-cost",
      "0.001",
      "--quiet",
    );
    expect(capped.code).toBe(1);
    expect(capped.out).toMatch(/reached --max-cost \$0\.001; no new conversation was started/);
    // What the estimate counted for the first request is what the server received, within 10%.
    const first = server.requests[before]!;
    const received = textTokens(
      first.messages
        .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
        .join("") + JSON.stringify(first.body.tools ?? ""),
      model,
    );
    expect(Math.abs(e.roles[0]!.firstTurnInputTokens - received) / received).toBeLessThan(0.1);
    const runs = JSON.parse((await runCli("runs", "--dir", dir, "--json")).out) as {
      id: string;
      status: string;
    }[];
    expect(runs.find((r) => r.id === "capped")!.status).toBe("budget_exhausted");
    const resumed = await runCli(
      "customersim",
      "run",
      "--resume",
      "capped",
      "--out",
      dir,
      "--config",
      config,
      "--max-cost",
      "1",
      "--quiet",
    );
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toMatch(/3 conversations: DA/);
  });
});
