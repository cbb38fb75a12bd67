import { describe, expect, it } from "vitest";
import { loadCustomerSimData } from "../data-files.js";
import { CATEGORY_IDS } from "../schema/category.js";
import { createChatStore } from "./chat-store.js";
import { createRankedIndex } from "./ranked-index.js";
import { createVectorIndex } from "./vector-index.js";

const data = loadCustomerSimData();
const store = createChatStore(data);

describe("chat store retrieval", () => {
  const kindQuery = {
    "female-clothing": "a comfortable dress",
    "male-clothing": "a warm hoodie",
    laptops: "a light laptop with long battery life",
    "smart-watches": "a smart watch with GPS",
    games: "a party game for Nintendo Switch",
  } as const;

  it.each(CATEGORY_IDS)("returns the top 4 of %s, all of its category", async (category) => {
    const products = await store.lookupProductItems(category, kindQuery[category]);
    expect(products).toHaveLength(4);
    expect(products.every((h) => h.product.category === category && h.score > 0)).toBe(true);
    const topic = data.guides.guides.find((g) => g.category === category)!.entries[0]!.title;
    const passages = await store.lookupBuyingGuide(category, topic);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(4);
    expect(passages.every((h) => h.entry.id.startsWith(store.products(category)[0]!.id.slice(0, 2)))).toBe(
      true,
    );
  });

  it("returns only related products: of the kind the query names, fewer than 4 rather than others", async () => {
    // The case: a jeans shopper was shown leggings, a tee and a tank.
    const jeans = await store.lookupProductItems(
      "female-clothing",
      "Hi, I'm looking for jeans. Must be jeans. Needs a skinny or slim fit. Must be machine-washable.",
    );
    expect(jeans).toHaveLength(4);
    expect(jeans.map((h) => (h.product.attributes as { type: string }).type)).toEqual(Array(4).fill("jeans"));
    const xbox = await store.lookupProductItems("games", "Must be for Xbox Series X|S. Must have co-op.");
    expect(
      xbox.every((h) => (h.product.attributes as { platform: string }).platform === "Xbox Series X|S"),
    ).toBe(true);
    // A sports bra query with a rare need: the few that match, not padding.
    const bras = await store.lookupProductItems("female-clothing", "a sports bra");
    expect(bras.length).toBeGreaterThan(0);
    expect(bras.every((h) => (h.product.attributes as { type: string }).type === "sports bra")).toBe(true);
    expect(await store.lookupProductItems("laptops", "zzz qqq")).toEqual([]);
    const oneWord = await store.lookupProductItems("smart-watches", "Inspire");
    expect(oneWord.length).toBeGreaterThan(0);
    expect(oneWord.length).toBeLessThan(4);
    expect(oneWord.every((h) => h.product.name.includes("Inspire"))).toBe(true);
  });

  it("does not search for what the query rules out", async () => {
    const ids = async (query: string) =>
      (await store.lookupProductItems("games", query)).map((h) => h.product);
    const mature = (await ids("Must be for PC. Nothing rated M (Mature).")).filter(
      (p) => (p.attributes as { ageRating: string }).ageRating === "M",
    );
    expect(mature).toEqual([]);
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

  it("breaks ties by id and answers a query that matches nothing with nothing (no padding)", () => {
    const docs = ["d", "b", "c", "a", "e"].map((id) => ({ id, text: id === "e" ? "other" : "same words" }));
    const index = createRankedIndex(docs, ["text"]);
    expect(index.search("same").map((h) => h.id)).toEqual(["a", "b", "c", "d"]);
    expect(index.search("other").map((h) => h.id)).toEqual(["e"]);
    expect(index.search("nothing here")).toEqual([]);
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
