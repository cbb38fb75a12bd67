import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { runCli } from "./testing/run-cli.js";

const run = runCli;

let mock: MockOpenAIServer;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await mock.close();
});

describe("siturec models and ping", () => {
  it("ping with no key exits non-zero and names the variable, never a key", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const r = await run("ping", "openai:gpt-4o");
      expect(r.code).not.toBe(0);
      expect(r.err).toContain("OPENAI_API_KEY");
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it("ping reports latency from a reachable server, and clear errors for unknown providers and dead hosts", async () => {
    mock.enqueue({ kind: "text", content: "OK" });
    const ok = await run("ping", mock.modelId());
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/ok in \d+ ms/);
    const unknown = await run("ping", "acme:model");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown provider 'acme'");
    const dead = await run("ping", "openai-compatible:x@http://127.0.0.1:9/v1", "--timeout", "2000");
    expect(dead.code).toBe(1);
    expect(dead.err).toMatch(/cannot reach/);
  });

  it("models lists providers with key status (never values) and prices, as JSON too", async () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = "sk-ant-secret-value-123";
    try {
      const r = await run("models", "--json");
      expect(r.code).toBe(0);
      expect(r.out).not.toContain("secret-value");
      const json = JSON.parse(r.out) as {
        providers: { provider: string; keySet: boolean }[];
        prices: { model: string }[];
      };
      expect(json.providers.find((p) => p.provider === "anthropic")?.keySet).toBe(true);
      expect(json.prices.map((p) => p.model)).toContain("openai:gpt-4o");
      const table = await run("models");
      expect(table.out).toContain("openai-compatible");
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });
});
