import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { readCustomerSimRun, sampleOf } from "../customersim/stored-conversation.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-samples-e2e");

describe("samples of an LLM shopper through the OpenAI-compatible mock", () => {
  let server: MockOpenAIServer;
  beforeAll(async () => {
    server = await MockOpenAIServer.start();
    // The shopper says which seed it was sent, and walks out.
    server.fallback = (req) => ({
      kind: "text",
      content: `Just looking, thanks (seed ${String(req.body.seed)}).`,
      toolCalls: [{ name: "end_conversation", arguments: "{}" }],
    });
  });
  afterAll(() => server.close());

  it("sends each sample its own seed with the paper's sampling, stores them apart, and caches per sample", async () => {
    const dir = tmp();
    const model = server.modelId("open-shopper");
    const args = ["customersim", "run", "--shopper", model, "--sales", "reference", "--category", "laptops"];
    const run = (runId: string, ...more: string[]) =>
      runCli(
        ...args,
        "--personas",
        "0:2",
        "--samples",
        "3",
        "--out",
        dir,
        "--run-id",
        runId,
        "--quiet",
        ...more,
      );
    const r = await run("first");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`shopper ${model} (temperature 0.7, repetition penalty 1.1) · sales reference`);
    expect(r.out).toContain("3 samples per persona\n");
    expect(server.requests).toHaveLength(6);
    for (const req of server.requests)
      expect(req.body).toMatchObject({ temperature: 0.7, repetition_penalty: 1.1 });
    const seeds = server.requests.map((req) => req.body.seed as number);

    const store = openRunStore(dir, { readonly: true });
    const { results, headers } = await readCustomerSimRun(store, "first");
    await store.close();
    expect(headers.map(sampleOf)).toEqual([0, 1, 2, 0, 1, 2]);
    // A persona's samples each have their own seed (sample 0 the run's, as a single-sample run plays it).
    expect(new Set(headers.slice(0, 3).map((h) => h.seed)).size).toBe(3);
    expect(new Set(headers.slice(3).map((h) => h.seed)).size).toBe(3);
    expect([...seeds].sort()).toEqual(headers.map((h) => h.seed).sort());
    expect(headers[0]!.sampling).toEqual({ shopper: { temperature: 0.7, repetitionPenalty: 1.1 } });
    // Each stored conversation is its own sample's: the text carries the seed it was played with.
    for (const [i, res] of results.entries())
      expect(res.transcript[0]!.text).toContain(`seed ${headers[i]!.seed}`);

    // A run of the same configuration is served from the cache, sample by sample.
    expect((await run("again")).code).toBe(0);
    expect(server.requests).toHaveLength(6);

    // Set per role: sent as given (the repetition penalty still the open model's default).
    const set = await runCli(
      ...args,
      "--personas",
      "0:1",
      "--out",
      dir,
      "--quiet",
      "--temperature",
      "shopper=0.3",
      "--top-p",
      "shopper=0.8",
    );
    expect(set.code, set.err).toBe(0);
    expect(server.requests.at(-1)!.body).toMatchObject({
      temperature: 0.3,
      top_p: 0.8,
      repetition_penalty: 1.1,
      seed: 0,
    });
  });
});
