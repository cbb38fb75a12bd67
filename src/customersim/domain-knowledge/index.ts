export { buildKnowledgeBase, domainKnowledgeText, knowledgeFor, propertyDef } from "./knowledge-base.js";
