import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../../llm/testing/mock-openai-server.js";
import { parseCustomerSimRunConfig } from "./customersim-config.js";
import { customerSimIdentityParts } from "./play-conversation.js";
import { runCustomerSim } from "./run-customersim.js";

let mock: MockOpenAIServer;
const dirs: string[] = [];
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await mock.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("a CustomerSim run with embedding retrieval", () => {
  it("retrieves through the embedding model, records it on the ledger, and a rerun is served from the cache", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-customersim-retrieval-"));
    dirs.push(dir);
    const model = mock.modelId("mock-embed");
    const config = parseCustomerSimRunConfig({
      shopper: "rule",
      sales: "reference",
      category: "laptops",
      personas: "0:3",
      concurrency: 1,
      retrieval: model,
      storeDir: dir,
    });
    const first = await runCustomerSim(config, { runId: "emb" });
    expect(first.status).toBe("complete");
    expect(first.scores.overall.conversations).toBe(3);
    expect(first.spent.some((s) => s.role === "retrieval" && s.model === model)).toBe(true);
    const sent = mock.embeddingRequests.length;
    expect(sent).toBeGreaterThan(1);
    const second = await runCustomerSim(config, { runId: "emb-again" });
    expect(second.scores.overall).toEqual(first.scores.overall);
    expect(mock.embeddingRequests).toHaveLength(sent);
  });

  it("keeps BM25 the default and the identity of BM25 runs unchanged", () => {
    const base = { shopper: "rule", sales: "reference", storeDir: "x" };
    const bm25 = parseCustomerSimRunConfig(base);
    expect(bm25.retrieval).toBe("bm25");
    expect(customerSimIdentityParts(bm25).config).not.toHaveProperty("retrieval");
    const emb = parseCustomerSimRunConfig({ ...base, retrieval: "openai:text-embedding-3-small" });
    expect(customerSimIdentityParts(emb).config).toHaveProperty("retrieval", "openai:text-embedding-3-small");
    expect(() => parseCustomerSimRunConfig({ ...base, retrieval: "cosine" })).toThrow(/embedding model id/);
  });
});
