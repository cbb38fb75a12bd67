export {
  type ChatStore,
  type ChatStoreOptions,
  createChatStore,
  defaultChatStore,
  type GuideHit,
  type ProductHit,
  parseRetrieval,
  type Retrieval,
  retrievalLabel,
} from "./chat-store.js";
export { GUIDE_FIELDS, guideDoc, PRODUCT_FIELDS, productDoc } from "./document-text.js";
export { kindsNamed, productKind } from "./product-kinds.js";
export { type QueryWord, queryClauses, searchedText } from "./query-reading.js";
export { createRankedIndex, type IndexDoc, type RankedHit, type RankedIndex, TOP_K } from "./ranked-index.js";
export { createVectorIndex, type VectorIndex } from "./vector-index.js";
