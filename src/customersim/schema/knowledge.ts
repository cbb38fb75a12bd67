import { z } from "zod";
import { CategoryId } from "./category.js";
import { PropertyRule } from "./rule.js";

/** A property that domain knowledge decides from attributes, e.g. `moistureWicking`. */
export const PropertyDef = z
  .object({
    id: z.string().regex(/^[a-z][A-Za-z]+$/, "a camelCase id"),
    /** How a shopper says it: "moisture-wicking". */
    label: z.string().min(2),
    /** How a shopper demands it: "Must be moisture-wicking". */
    requirement: z.string().min(5),
    /** The rule in words, for prompts and guides. */
    description: z.string().min(10),
    rule: PropertyRule,
  })
  .strict();
export type PropertyDef = z.infer<typeof PropertyDef>;

/** What a category's shoppers and the checker both reason from. */
export const CategoryKnowledge = z
  .object({
    category: CategoryId,
    /** Plain facts for a shopper prompt's `{domain_knowledge}`. */
    facts: z.array(z.string().min(10)).min(1),
    properties: z.array(PropertyDef).min(1),
  })
  .strict();
export type CategoryKnowledge = z.infer<typeof CategoryKnowledge>;

/** `knowledge.json`. */
export const KnowledgeBase = z
  .object({
    kind: z.literal("customersim.knowledge"),
    version: z.literal(1),
    categories: z.array(CategoryKnowledge),
  })
  .strict();
export type KnowledgeBase = z.infer<typeof KnowledgeBase>;
