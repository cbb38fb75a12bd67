import type { CategoryId } from "../schema/category.js";
import { CATEGORY_IDS } from "../schema/category.js";
import type { CategoryKnowledge, KnowledgeBase, PropertyDef } from "../schema/knowledge.js";
import { apparelKnowledge } from "./apparel-knowledge.js";
import { gameKnowledge } from "./game-knowledge.js";
import { laptopKnowledge } from "./laptop-knowledge.js";
import { watchKnowledge } from "./watch-knowledge.js";

const AUTHORED: Record<CategoryId, () => CategoryKnowledge> = {
  "female-clothing": () => apparelKnowledge("female-clothing"),
  "male-clothing": () => apparelKnowledge("male-clothing"),
  laptops: laptopKnowledge,
  "smart-watches": watchKnowledge,
  games: gameKnowledge,
};

/** The authored domain knowledge of every category, as written to `knowledge.json`. */
export function buildKnowledgeBase(): KnowledgeBase {
  return {
    kind: "customersim.knowledge",
    version: 1,
    categories: CATEGORY_IDS.map((c) => AUTHORED[c]()),
  };
}

/** One category's knowledge; throws if the base lacks it. */
export function knowledgeFor(base: KnowledgeBase, category: CategoryId): CategoryKnowledge {
  const found = base.categories.find((k) => k.category === category);
  if (!found) throw new Error(`the knowledge base has no entry for ${category}`);
  return found;
}

export function propertyDef(knowledge: CategoryKnowledge, id: string): PropertyDef | undefined {
  return knowledge.properties.find((p) => p.id === id);
}

/** The `{domain_knowledge}` block of a shopper prompt: the facts, then each property's rule. */
export function domainKnowledgeText(knowledge: CategoryKnowledge): string {
  return [...knowledge.facts, ...knowledge.properties.map((p) => p.description)].join("\n");
}
