import { describe, expect, it } from "vitest";
import { loadCustomerSimData } from "../data-files.js";
import { CATEGORY_IDS } from "../schema/category.js";
import { createChatStore } from "./chat-store.js";
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

  it("answers a repeated query the same, whatever a caller did to the first answer", () => {
    const docs = ["a", "b", "c"].map((id) => ({ id, text: `words ${id}` }));
    const index = createRankedIndex(docs, ["text"]);
    const first = index.search("words b", 2);
    expect(first.map((h) => h.id)).toEqual(["b", "a"]);
    first[0]!.id = "changed";
    first.pop();
    expect(index.search("words b", 2).map((h) => h.id)).toEqual(["b", "a"]);
    expect(index.search("words b", 3).map((h) => h.id)).toEqual(["b", "a", "c"]);
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
