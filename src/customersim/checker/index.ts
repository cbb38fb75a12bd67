export { acceptableSet, isAcceptable, type Requirements, unmeetableDealbreakers } from "./acceptable-set.js";
export {
  deriveProperties,
  evaluatePredicate,
  evaluateRule,
  fiberShare,
  testAttr,
  UnknownFactError,
} from "./evaluate.js";
export {
  type Incoherence,
  incoherentPreferences,
  type PersonaCriteria,
  preferenceIncoherence,
} from "./preference-coherence.js";
export { type Fact, factNames, productFacts } from "./product-facts.js";
