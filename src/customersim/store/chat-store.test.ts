import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../llm/client.js";
import { MockOpenAIServer } from "../../llm/testing/mock-openai-server.js";
import { CATEGORY_IDS } from "../core/category.js";
import { loadCustomerSimData } from "../data-files.js";
import { createChatStore, parseRetrieval } from "./chat-store.js";
import { createRankedIndex } from "./ranked-index.js";
import { createVectorIndex } from "./vector-index.js";

const data = loadCustomerSimData();
const store = createChatStore(data);

describe("chat store retrieval", () => {
  it.each(CATEGORY_IDS)("returns the top 4 of %s, all of its category", async (category) => {
    const products = await store.lookupProductItems(category, "comfortable and good value");
    expect(products).toHaveLength(4);
    expect(products.every((h) => h.product.category === category)).toBe(true);
    const passages = await store.lookupBuyingGuide(category, "what should I look for");
    expect(passages).toHaveLength(4);
    expect(passages.every((h) => h.entry.id.startsWith(store.products(category)[0]!.id.slice(0, 2)))).toBe(
      true,
    );
  });

  it("is BM25 by default, deterministic across calls and across stores", async () => {
    const again = createChatStore(data, { retrieval: "bm25" });
    expect([store.retrieval, again.retrieval]).toEqual(["bm25", "bm25"]);
    for (const query of ["waterproof jacket", "GPS running watch", "party game for kids"]) {
      const ids = async (s: typeof store) =>
        (await s.lookupProductItems("games", query)).map((h) => [h.product.id, h.score]);
      expect(await ids(store)).toEqual(await ids(again));
      expect(await ids(store)).toEqual(await ids(store));
    }
  });

  it("ranks a product first when asked for its name", async () => {
    for (const category of CATEGORY_IDS) {
      for (const product of store.products(category).slice(0, 8)) {
        expect((await store.lookupProductItems(category, product.name))[0]!.product.id).toBe(product.id);
      }
    }
  });

  it("finds the guide passage on a topic", async () => {
    const top = (await store.lookupBuyingGuide("female-clothing", "moisture-wicking fabrics for sport"))[0]!;
    expect(top.entry.id).toBe("fc-g02");
  });

  it("breaks ties by id and pads a query that matches nothing with the first ids", () => {
    const docs = ["d", "b", "c", "a", "e"].map((id) => ({ id, text: "same words" }));
    const index = createRankedIndex(docs, ["text"]);
    expect(index.search("same").map((h) => h.id)).toEqual(["a", "b", "c", "d"]);
    expect(index.search("nothing here")).toEqual(["a", "b", "c", "d"].map((id) => ({ id, score: 0 })));
  });
});

describe("the exact cosine index", () => {
  it("ranks by cosine (length does not matter), ties by id, top k", () => {
    const index = createVectorIndex([
      { id: "c", vector: [0, 1] },
      { id: "b", vector: [10, 0] },
      { id: "a", vector: [1, 0] },
      { id: "d", vector: [1, 1] },
      { id: "e", vector: [-1, 0] },
    ]);
    const hits = index.search([2, 0]);
    expect(hits.map((h) => h.id)).toEqual(["a", "b", "d", "c"]);
    expect(hits[0]!.score).toBeCloseTo(1, 6);
    expect(hits[2]!.score).toBeCloseTo(Math.SQRT1_2, 6);
    expect(() => index.search([1, 0, 0])).toThrow(RangeError);
  });
});

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
