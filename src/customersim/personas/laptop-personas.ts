import type { Rng } from "../../core/random.js";
import { acceptableSet } from "../checker/acceptable-set.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { KnowledgeLevel, Persona } from "../schema/persona.js";
import type { Product } from "../schema/product.js";
import type { SalessimPersona } from "../source-files.js";
import { personaId } from "./build-personas.js";
import { LAPTOP_SEEDS, type LaptopSeed } from "./laptop-seeds.js";
import { budgetCriterion } from "./need.js";
import { backgroundText, drawIdentity } from "./persona-identity.js";
import { knowledgeText } from "./persona-pools.js";

/** The hand-mapped laptop personas (SalesSim and salesbot profiles), ids from 1. */
export function seededLaptopPersonas(
  rng: Rng,
  salessim: readonly SalessimPersona[],
  products: readonly Product[],
  k: CategoryKnowledge,
): Persona[] {
  const own = products.filter((p) => p.category === "laptops");
  return LAPTOP_SEEDS.map((seed, i) => {
    const dealbreakers = [...seed.dealbreakers, budgetCriterion(seed.budget)];
    const acceptable = acceptableSet({ category: "laptops", budget: seed.budget, dealbreakers }, own, k);
    return {
      id: personaId("laptops", i + 1),
      category: "laptops",
      ...person(seed, salessim, rng.fork(seed.origin), k),
      shoppingFor: "a laptop",
      budget: seed.budget,
      preferences: seed.preferences,
      dealbreakers,
      acceptable,
      feasible: acceptable.length > 0,
      origin: seed.origin,
    };
  });
}

type Person = Pick<Persona, "name" | "age" | "background" | "speakingStyle" | "knowledgeLevel" | "knowledge">;

function person(
  seed: LaptopSeed,
  salessim: readonly SalessimPersona[],
  rng: Rng,
  k: CategoryKnowledge,
): Person {
  const generated = drawIdentity(rng, k.category);
  const level: KnowledgeLevel = seed.knowledgeLevel;
  if (!seed.salessim) {
    const who = { ...generated, knowledgeLevel: level };
    return {
      name: who.name,
      age: who.age,
      background: backgroundText(who, "a laptop", seed.use),
      speakingStyle: who.speakingStyle,
      knowledgeLevel: level,
      knowledge: knowledgeText(k.category, level),
    };
  }
  const src = salessim.find((p) => p.name === seed.salessim);
  if (!src) throw new Error(`SalesSim has no persona ${seed.salessim}`);
  return {
    name: src.name,
    age: src.age,
    background: `${src.background} Needs a laptop ${seed.use}.`,
    speakingStyle: src.speaking_style ?? generated.speakingStyle,
    knowledgeLevel: level,
    knowledge: src.knowledge_level,
  };
}
