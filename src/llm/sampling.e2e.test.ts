import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LlmClient } from "./client.js";
import { MockOpenAIServer } from "./testing/mock-openai-server.js";

let mock: MockOpenAIServer;
let dir: string;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
  dir = mkdtempSync(join(tmpdir(), "siturec-sampling-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  mock.requests.length = 0;
  // Echo what was sent: each seed gets an answer of its own.
  mock.fallback = (req) => ({ kind: "text", content: `seed ${String(req.body.seed)}` });
});

describe("sampling parameters on an OpenAI-compatible server", () => {
  it("arrive as temperature, top_p, repetition_penalty and seed", async () => {
    const client = new LlmClient({ noCache: true });
    const r = await client.complete({
      model: mock.modelId(),
      messages: [{ role: "user", content: "hi" }],
      temperature: 0.7,
      topP: 0.9,
      repetitionPenalty: 1.1,
      seed: 42,
    });
    expect(r.text).toBe("seed 42");
    expect(r.warnings).toBeUndefined();
    expect(mock.requests[0]!.body).toMatchObject({
      temperature: 0.7,
      top_p: 0.9,
      repetition_penalty: 1.1,
      seed: 42,
    });
    await client.complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] });
    expect(mock.requests[1]!.body).not.toHaveProperty("repetition_penalty");
    expect(mock.requests[1]!.body).not.toHaveProperty("top_p");
  });

  it("never replays one cached response for requests that differ only by seed", async () => {
    const client = new LlmClient({ cacheDir: join(dir, "cache") });
    const ask = (seed: number) =>
      client.complete({
        model: mock.modelId(),
        messages: [{ role: "user", content: "pick one" }],
        temperature: 0.7,
        repetitionPenalty: 1.1,
        seed,
      });
    const first = await Promise.all([1, 2, 3].map(ask));
    expect(first.map((r) => r.text)).toEqual(["seed 1", "seed 2", "seed 3"]);
    expect(mock.requests).toHaveLength(3);
    const again = await ask(2);
    expect(again).toMatchObject({ text: "seed 2", cached: true });
    expect(mock.requests).toHaveLength(3);
  });
});
