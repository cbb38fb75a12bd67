import type { CategoryId } from "../core/category.js";
import type { GuideEntry } from "../core/guide.js";
import type { CategoryKnowledge } from "../core/knowledge.js";
import type { Product } from "../core/product.js";
import { type CustomerSimData, loadCustomerSimData } from "../data-files.js";
import { knowledgeFor } from "../knowledge/index.js";
import { GUIDE_FIELDS, guideDoc, PRODUCT_FIELDS, productDoc } from "./document-text.js";
import { createRankedIndex, type RankedIndex } from "./ranked-index.js";

export interface ProductHit {
  product: Product;
  score: number;
}

export interface GuideHit {
  entry: GuideEntry;
  score: number;
}

/** The chat store's catalog and its two category-restricted retrievers (Appendix B.1). */
export interface ChatStore {
  products(category: CategoryId): readonly Product[];
  /** A product of the catalog by id, whatever its category. */
  product(id: string): Product | undefined;
  knowledge(category: CategoryId): CategoryKnowledge;
  /** `lookup_product_items`: the top 4 products of the category for a query. */
  lookupProductItems(category: CategoryId, query: string): ProductHit[];
  /** `lookup_buying_guide`: the top 4 passages of the category's buying guide for a query. */
  lookupBuyingGuide(category: CategoryId, query: string): GuideHit[];
}

interface CategoryIndexes {
  products: RankedIndex;
  guide: RankedIndex;
}

/** A store over the given data; each category's indexes are built on first use. */
export function createChatStore(data: CustomerSimData): ChatStore {
  const byId = new Map(data.catalog.products.map((p) => [p.id, p]));
  const entries = new Map(data.guides.guides.flatMap((g) => g.entries.map((e) => [e.id, e] as const)));
  const indexes = new Map<CategoryId, CategoryIndexes>();
  const productsOf = (c: CategoryId) => data.catalog.products.filter((p) => p.category === c);

  function indexesOf(category: CategoryId): CategoryIndexes {
    let found = indexes.get(category);
    if (!found) {
      const guide = data.guides.guides.find((g) => g.category === category)?.entries ?? [];
      found = {
        products: createRankedIndex(productsOf(category).map(productDoc), PRODUCT_FIELDS, { name: 2 }),
        guide: createRankedIndex(guide.map(guideDoc), GUIDE_FIELDS, { title: 2 }),
      };
      indexes.set(category, found);
    }
    return found;
  }

  return {
    products: productsOf,
    product: (id) => byId.get(id),
    knowledge: (category) => knowledgeFor(data.knowledge, category),
    lookupProductItems: (category, query) =>
      indexesOf(category)
        .products.search(query)
        .map((h) => ({ product: byId.get(h.id)!, score: h.score })),
    lookupBuyingGuide: (category, query) =>
      indexesOf(category)
        .guide.search(query)
        .map((h) => ({ entry: entries.get(h.id)!, score: h.score })),
  };
}

let builtIn: ChatStore | undefined;

/** The store over the built-in data, built once per process. */
export function defaultChatStore(): ChatStore {
  builtIn ??= createChatStore(loadCustomerSimData());
  return builtIn;
}
