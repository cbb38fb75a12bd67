export {
  builtinCustomerSimAgents,
  type CustomerSimAgentEntry,
  CustomerSimAgentError,
  type CustomerSimAgentOf,
  type CustomerSimAgentOptions,
  CustomerSimAgents,
  type CustomerSimRole,
  type MadeCustomerSimAgent,
  type ResolvedCustomerSimAgent,
} from "./agent-registry.js";
export * from "./builtin-agents/index.js";
export * from "./chat/index.js";
export * from "./chat-store/index.js";
export {
  acceptableSet,
  deriveProperties,
  evaluatePredicate,
  isAcceptable,
  productFacts,
} from "./checker/index.js";
export { personaOfTask, SampleTaskId, sampleSeed, sampleTaskId } from "./conversation-samples.js";
export {
  CUSTOMERSIM_DATA_DIR,
  CUSTOMERSIM_FILES,
  type CustomerSimData,
  type CustomerSimPart,
  customerSimFiles,
  loadCustomerSimData,
  readCustomerSimData,
  serializeCustomerSimData,
} from "./data-files.js";
export { buildKnowledgeBase, domainKnowledgeText, knowledgeFor } from "./domain-knowledge/index.js";
export * from "./export/index.js";
export * from "./fidelity/index.js";
export { CUSTOMERSIM_SEED, generateCustomerSimData } from "./generate-data.js";
export { productImagePng, productImageSvg } from "./images/index.js";
export * from "./judges/index.js";
export * from "./llm-agents/index.js";
export * from "./metrics/index.js";
export * from "./rewards/index.js";
export * from "./schema/index.js";
export {
  AgentUsage,
  CUSTOMERSIM_EXPORT_KIND,
  CUSTOMERSIM_EXPORT_VERSION,
  CustomerSimHeader,
  CustomerSimOutcome,
  CustomerSimRound,
  conversationResult,
  readCustomerSimRun,
  StoredConversation,
  type StoredEpisodeSource,
  sampleOf,
  storedConversation,
  storedRound,
} from "./stored-conversation.js";
export { checkCustomerSimData, validateCustomerSimData } from "./validate.js";
