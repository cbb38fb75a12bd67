import { describe, expect, it } from "vitest";
import { CATEGORY_IDS } from "../core/category.js";
import { loadCustomerSimData } from "../data-files.js";
import { createChatStore } from "./chat-store.js";
import { createRankedIndex } from "./ranked-index.js";

const data = loadCustomerSimData();
const store = createChatStore(data);

describe("chat store retrieval", () => {
  it.each(CATEGORY_IDS)("returns the top 4 of %s, all of its category", (category) => {
    const products = store.lookupProductItems(category, "comfortable and good value");
    expect(products).toHaveLength(4);
    expect(products.every((h) => h.product.category === category)).toBe(true);
    const passages = store.lookupBuyingGuide(category, "what should I look for");
    expect(passages).toHaveLength(4);
    expect(passages.every((h) => h.entry.id.startsWith(store.products(category)[0]!.id.slice(0, 2)))).toBe(
      true,
    );
  });

  it("is deterministic across calls and across stores", () => {
    const again = createChatStore(data);
    for (const query of ["waterproof jacket", "GPS running watch", "party game for kids"]) {
      const ids = (s: typeof store) =>
        s.lookupProductItems("games", query).map((h) => [h.product.id, h.score]);
      expect(ids(store)).toEqual(ids(again));
      expect(ids(store)).toEqual(ids(store));
    }
  });

  it("ranks a product first when asked for its name", () => {
    for (const category of CATEGORY_IDS) {
      for (const product of store.products(category).slice(0, 8)) {
        expect(store.lookupProductItems(category, product.name)[0]!.product.id).toBe(product.id);
      }
    }
  });

  it("finds the guide passage on a topic", () => {
    const top = store.lookupBuyingGuide("female-clothing", "moisture-wicking fabrics for sport")[0]!;
    expect(top.entry.id).toBe("fc-g02");
  });

  it("breaks ties by id and pads a query that matches nothing with the first ids", () => {
    const docs = ["d", "b", "c", "a", "e"].map((id) => ({ id, text: "same words" }));
    const index = createRankedIndex(docs, ["text"]);
    expect(index.search("same").map((h) => h.id)).toEqual(["a", "b", "c", "d"]);
    expect(index.search("nothing here")).toEqual(["a", "b", "c", "d"].map((id) => ({ id, score: 0 })));
  });
});
