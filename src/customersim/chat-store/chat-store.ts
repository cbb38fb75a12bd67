import type { LlmClient } from "../../llm/client.js";
import { type CustomerSimData, loadCustomerSimData } from "../data-files.js";
import { knowledgeFor } from "../domain-knowledge/index.js";
import type { CategoryId } from "../schema/category.js";
import type { GuideEntry } from "../schema/guide.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import { GUIDE_FIELDS, guideDoc, PRODUCT_FIELDS, productDoc } from "./document-text.js";
import { kindsNamed, productKind } from "./product-kinds.js";
import { searchedText } from "./query-reading.js";
import { createRankedIndex, type RankedHit, type RankedIndex, TOP_K } from "./ranked-index.js";
import { createVectorIndex } from "./vector-index.js";

export interface ProductHit {
  product: Product;
  score: number;
}

export interface GuideHit {
  entry: GuideEntry;
  score: number;
}

/**
 * How the sales tools retrieve: `bm25` (MiniSearch's BM25+, built in, the default) or an embedding
 * model through the model layer (`{ embedding: "openai:text-embedding-3-small" }`, an
 * `openai-compatible:MODEL@URL` server, …) with exact cosine search.
 */
export type Retrieval = "bm25" | { embedding: string };

export interface ChatStoreOptions {
  retrieval?: Retrieval;
  /** The model client embedding retrieval calls (its cache keeps the document vectors); required for it. */
  llm?: LlmClient;
}

/** `bm25`, or a model id for embedding retrieval, as a command-line flag gives it. */
export function parseRetrieval(flag: string): Retrieval {
  return flag === "bm25" ? "bm25" : { embedding: flag };
}

/** The retrieval an option names, for records: `bm25` or `embedding:MODEL_ID`. */
export function retrievalLabel(r: Retrieval = "bm25"): string {
  return r === "bm25" ? "bm25" : `embedding:${r.embedding}`;
}

/** The chat store's catalog and its two category-restricted retrievers (Appendix B.1). */
export interface ChatStore {
  /** How the lookups retrieve (`bm25` or `embedding:MODEL_ID`). */
  readonly retrieval: string;
  products(category: CategoryId): readonly Product[];
  /** A product of the catalog by id, whatever its category. */
  product(id: string): Product | undefined;
  knowledge(category: CategoryId): CategoryKnowledge;
  /**
   * `lookup_product_items`: the top 4 products of the category related to a query, fewer when fewer
   * are. Related: it matches a word the query asks for (BM25, negated words left out; any product for
   * embeddings) and, when the query names kinds of product (apparel type, game platform), is of one.
   */
  lookupProductItems(category: CategoryId, query: string): Promise<ProductHit[]>;
  /** `lookup_buying_guide`: the top 4 passages of the category's buying guide for a query (BM25: matching ones). */
  lookupBuyingGuide(category: CategoryId, query: string): Promise<GuideHit[]>;
}

/** A retriever over one category's documents: the top k ids for a query (every related one by default). */
type Retriever = (query: string, k?: number) => Promise<RankedHit[]>;

interface CategoryIndexes {
  products: Retriever;
  guide: Retriever;
}

/** The text an embedding model reads for a document: its fields, one per line. */
const embeddingText = (doc: Record<string, string>, fields: readonly string[]) =>
  fields
    .map((f) => doc[f] ?? "")
    .filter(Boolean)
    .join("\n");

/**
 * A store over the given data; each category's indexes are built on first use. With embedding
 * retrieval a category's documents are embedded once per store (one batch, through the client's
 * cache, so a later store over the same data sends nothing) and each query is embedded when asked.
 */
export function createChatStore(data: CustomerSimData, options: ChatStoreOptions = {}): ChatStore {
  const retrieval = options.retrieval ?? "bm25";
  if (retrieval !== "bm25" && !options.llm)
    throw new TypeError(`embedding retrieval (${retrieval.embedding}) needs a model client (options.llm)`);
  const byId = new Map(data.catalog.products.map((p) => [p.id, p]));
  const entries = new Map(data.guides.guides.flatMap((g) => g.entries.map((e) => [e.id, e] as const)));
  const indexes = new Map<CategoryId, CategoryIndexes>();
  const productsOf = (c: CategoryId) => data.catalog.products.filter((p) => p.category === c);

  function bm25(index: RankedIndex, read: (query: string) => string = (q) => q): Retriever {
    return async (query, k = Number.POSITIVE_INFINITY) => index.search(read(query), k);
  }

  function embedded(
    model: string,
    docs: readonly Record<string, string>[],
    fields: readonly string[],
  ): Retriever {
    const llm = options.llm!;
    let built: ReturnType<typeof createVectorIndex> | undefined;
    let building: Promise<ReturnType<typeof createVectorIndex>> | undefined;
    const index = () => {
      if (built) return Promise.resolve(built);
      building ??= llm
        .embed({ model, texts: docs.map((d) => embeddingText(d, fields)), tag: "retrieval" })
        .then((r) => {
          built = createVectorIndex(docs.map((d, i) => ({ id: d.id!, vector: r.embeddings[i]! })));
          return built;
        })
        .finally(() => {
          building = undefined;
        });
      return building;
    };
    return async (query, k = Number.POSITIVE_INFINITY) => {
      const vectors = await index();
      if (!vectors.size) return [];
      const q = await llm.embed({ model, texts: [query], tag: "retrieval" });
      return vectors.search(q.embeddings[0]!, Math.min(k, vectors.size));
    };
  }

  function indexesOf(category: CategoryId): CategoryIndexes {
    let found = indexes.get(category);
    if (!found) {
      const guide = data.guides.guides.find((g) => g.category === category)?.entries ?? [];
      const productDocs = productsOf(category).map(productDoc);
      const guideDocs = guide.map(guideDoc);
      found =
        retrieval === "bm25"
          ? {
              // Product search skips negated words ("No polyester"); a guide question keeps them.
              products: bm25(createRankedIndex(productDocs, PRODUCT_FIELDS, { name: 2 }), searchedText),
              guide: bm25(createRankedIndex(guideDocs, GUIDE_FIELDS, { title: 2 })),
            }
          : {
              products: embedded(retrieval.embedding, productDocs, PRODUCT_FIELDS),
              guide: embedded(retrieval.embedding, guideDocs, GUIDE_FIELDS),
            };
      indexes.set(category, found);
    }
    return found;
  }

  // Related products only: those of the kinds the query names (when it names any), top 4 of them.
  async function lookupProductItems(category: CategoryId, query: string): Promise<ProductHit[]> {
    const kinds = kindsNamed(category, query);
    const related = (p: Product) => !kinds || kinds.has(productKind(p) ?? "");
    return (await indexesOf(category).products(query))
      .map((h) => ({ product: byId.get(h.id)!, score: h.score }))
      .filter((h) => related(h.product))
      .slice(0, TOP_K);
  }

  return {
    retrieval: retrievalLabel(retrieval),
    products: productsOf,
    product: (id) => byId.get(id),
    knowledge: (category) => knowledgeFor(data.knowledge, category),
    lookupProductItems,
    lookupBuyingGuide: async (category, query) =>
      (await indexesOf(category).guide(query, TOP_K)).map((h) => ({
        entry: entries.get(h.id)!,
        score: h.score,
      })),
  };
}

let builtIn: ChatStore | undefined;

/** The store over the built-in data, built once per process. */
export function defaultChatStore(): ChatStore {
  builtIn ??= createChatStore(loadCustomerSimData());
  return builtIn;
}
