import { z } from "zod";
import { CategoryId } from "./category.js";
import { ProductId } from "./product.js";
import { Criterion } from "./rule.js";

export const PersonaId = z.string().regex(/^[a-z]{2}-p\d{3}$/, "an id like fc-p001");

export const KnowledgeLevel = z.enum(["novice", "intermediate", "expert"]);
export type KnowledgeLevel = z.infer<typeof KnowledgeLevel>;

/**
 * A simulated shopper: who they are (background, speaking style, knowledge), what they shop for,
 * their soft preferences and hard dealbreakers, and the ground truth the checker computed from the
 * catalog: the products that meet every dealbreaker (the budget is one of them).
 */
export const Persona = z
  .object({
    id: PersonaId,
    category: CategoryId,
    name: z.string().min(2),
    age: z.number().int().min(16).max(95),
    background: z.string().min(10),
    speakingStyle: z.string().min(5),
    knowledgeLevel: KnowledgeLevel,
    /** What the knowledge level means for this shopper, in words. */
    knowledge: z.string().min(5),
    /** What they are shopping for, e.g. "jeans" or "a laptop". */
    shoppingFor: z.string().min(2),
    /** US dollars; the dealbreakers always include `max_price` with this value. */
    budget: z.number().positive(),
    preferences: z.array(Criterion),
    dealbreakers: z.array(Criterion).min(1),
    /** Product ids meeting every dealbreaker, sorted; empty for an infeasible persona. */
    acceptable: z.array(ProductId),
    /** False when no product meets the dealbreakers (by design: the benchmark's rejection cases). */
    feasible: z.boolean(),
    /** Where the background came from: `salessim:<name>`, `salesbot-preferences:<row>` or `generated`. */
    origin: z.string().min(3),
  })
  .strict();
export type Persona = z.infer<typeof Persona>;

/** `personas.json`. */
export const PersonaSet = z
  .object({ kind: z.literal("customersim.personas"), version: z.literal(1), personas: z.array(Persona) })
  .strict();
export type PersonaSet = z.infer<typeof PersonaSet>;
