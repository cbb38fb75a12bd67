export {
  type ChatStore,
  createChatStore,
  defaultChatStore,
  type GuideHit,
  type ProductHit,
} from "./chat-store.js";
export { GUIDE_FIELDS, guideDoc, PRODUCT_FIELDS, productDoc } from "./document-text.js";
export { createRankedIndex, type IndexDoc, type RankedHit, type RankedIndex, TOP_K } from "./ranked-index.js";
