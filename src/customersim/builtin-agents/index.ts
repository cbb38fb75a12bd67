export {
  createBuyFirstShopper,
  createWalkOutShopper,
  FLOOR_SHOPPERS,
  type FloorShopperId,
} from "./floor-shoppers.js";
export { createPushySales } from "./pushy-sales.js";
export { createReferenceSales } from "./reference-sales.js";
export { createRuleShopper, statedNeeds } from "./rule-shopper.js";
