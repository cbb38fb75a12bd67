import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../llm/client.js";
import { MockOpenAIServer } from "../../llm/testing/mock-openai-server.js";
import { loadCustomerSimData } from "../data-files.js";
import { createChatStore, parseRetrieval } from "./chat-store.js";

const data = loadCustomerSimData();

describe("embedding retrieval through the model layer", () => {
  let mock: MockOpenAIServer;
  beforeAll(async () => {
    mock = await MockOpenAIServer.start();
  });
  afterAll(async () => {
    await mock.close();
  });

  it("returns the top 4 of the category, embeds each category's documents once, and is cached", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-chat-store-"));
    const model = mock.modelId("mock-embed");
    const retrieval = parseRetrieval(model);
    const emb = createChatStore(data, { retrieval, llm: new LlmClient({ cacheDir: dir }) });
    expect(emb.retrieval).toBe(`embedding:${model}`);
    const products = await emb.lookupProductItems("laptops", "lightweight laptop with long battery life");
    expect(products).toHaveLength(4);
    expect(products.every((h) => h.product.category === "laptops")).toBe(true);
    expect(products.map((h) => h.score)).toEqual([...products.map((h) => h.score)].sort((a, b) => b - a));
    const passages = await emb.lookupBuyingGuide("laptops", "how much RAM do I need");
    expect(passages).toHaveLength(4);
    // The category's products in one batch, the guide's in another, and one request per query.
    const laptops = emb.products("laptops").length;
    expect(mock.embeddingRequests.map((r) => r.input.length)).toEqual([laptops, 1, expect.any(Number), 1]);
    await emb.lookupProductItems("laptops", "a laptop for gaming");
    expect(mock.embeddingRequests).toHaveLength(5);
    // A product named in full comes first (the mock embeds a bag of words).
    const p = emb.products("laptops")[3]!;
    const named = await emb.lookupProductItems("laptops", `${p.name} ${p.brand} ${p.description}`);
    expect(named[0]!.product.id).toBe(p.id);

    // A second store over the same cache sends nothing, and answers the same.
    const seen = mock.embeddingRequests.length;
    const again = createChatStore(data, { retrieval, llm: new LlmClient({ cacheDir: dir }) });
    const repeat = await again.lookupProductItems("laptops", "lightweight laptop with long battery life");
    expect(mock.embeddingRequests).toHaveLength(seen);
    expect(repeat.map((h) => [h.product.id, h.score])).toEqual(products.map((h) => [h.product.id, h.score]));
  });

  it("leaves BM25 the default, with unchanged results", async () => {
    const bm25 = createChatStore(data);
    const query = "lightweight laptop with long battery life";
    expect(await bm25.lookupProductItems("laptops", query)).toEqual(
      await createChatStore(data, { retrieval: "bm25" }).lookupProductItems("laptops", query),
    );
    expect(() => createChatStore(data, { retrieval: { embedding: mock.modelId("x") } })).toThrow(
      /model client/,
    );
  });
});
