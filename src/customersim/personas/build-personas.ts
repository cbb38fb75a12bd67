import type { Rng } from "../../core/random.js";
import { acceptableSet } from "../checker/acceptable-set.js";
import { CATEGORIES, type CategoryId } from "../schema/category.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Persona } from "../schema/persona.js";
import type { Product } from "../schema/product.js";
import { APPAREL_NEEDS } from "./apparel-needs.js";
import { LAPTOP_NEEDS, WATCH_NEEDS } from "./device-needs.js";
import { drawPreferences } from "./draw-preferences.js";
import { anchorsOf, drawFeasible, drawInfeasible, type Requirements } from "./draw-requirements.js";
import { GAME_NEEDS } from "./game-needs.js";
import { budgetCriterion, type Need } from "./need.js";
import { backgroundText, drawIdentity } from "./persona-identity.js";

export const NEEDS: Record<CategoryId, Need[]> = {
  "female-clothing": APPAREL_NEEDS,
  "male-clothing": APPAREL_NEEDS,
  laptops: LAPTOP_NEEDS,
  "smart-watches": WATCH_NEEDS,
  games: GAME_NEEDS,
};

/** Tries per infeasible persona before giving up (the draws are cheap; failures are rare). */
const ATTEMPTS = 200;

export interface CategoryPlan {
  category: CategoryId;
  /** Personas to generate (after any authored ones). */
  count: number;
  /** How many of them must be infeasible. */
  infeasible: number;
  /** Id number of the first generated persona. */
  firstNumber: number;
}

/** Generated personas of one category: drawn from its needs, the infeasible ones at drawn slots. */
export function generatePersonas(
  rng: Rng,
  plan: CategoryPlan,
  products: readonly Product[],
  k: CategoryKnowledge,
): Persona[] {
  const own = products.filter((p) => p.category === plan.category);
  const needs = NEEDS[plan.category]
    .map((need) => ({ need, pool: anchorsOf(need, own, rng, k) }))
    .filter((n) => n.pool.length > 0);
  const slots = new Set(rng.shuffle([...Array(plan.count).keys()]).slice(0, plan.infeasible));
  return [...Array(plan.count).keys()].map((i) => {
    const r = rng.fork(`${plan.category}:${i}`);
    const req = slots.has(i) ? drawInfeasibleOf(needs, own, r, k, i) : drawFeasibleOf(needs, r, k);
    return toPersona(req, plan, plan.firstNumber + i, r, own, k);
  });
}

type NeedPool = { need: Need; pool: Product[] };

function drawFeasibleOf(needs: NeedPool[], rng: Rng, k: CategoryKnowledge): Requirements {
  const { need, pool } = rng.pick(needs);
  return drawFeasible(need, pool, rng, k);
}

function drawInfeasibleOf(needs: NeedPool[], own: Product[], rng: Rng, k: CategoryKnowledge, i: number) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { need, pool } = rng.pick(needs);
    const found = drawInfeasible(need, pool, own, rng, k, (i + attempt) % 2 === 0);
    if (found) return found;
  }
  throw new Error(`no infeasible persona found for ${own[0]?.category} slot ${i}`);
}

export function personaId(category: CategoryId, n: number): string {
  return `${CATEGORIES[category].prefix}-p${String(n).padStart(3, "0")}`;
}

function toPersona(
  req: Requirements,
  plan: CategoryPlan,
  n: number,
  rng: Rng,
  own: Product[],
  k: CategoryKnowledge,
): Persona {
  const who = drawIdentity(rng, plan.category, req.need.ages);
  const shoppingFor = req.need.shoppingFor(req.anchor);
  const dealbreakers = [...req.dealbreakers, budgetCriterion(req.budget)];
  const acceptable = acceptableSet({ category: plan.category, budget: req.budget, dealbreakers }, own, k);
  const sources = own.filter((p) => acceptable.includes(p.id));
  // A fork, so the persona's identity never depends on how its preferences were drawn.
  const preferences = drawPreferences({ ...req, dealbreakers }, sources, own, rng.fork("preferences"), k);
  return {
    id: personaId(plan.category, n),
    category: plan.category,
    name: who.name,
    age: who.age,
    background: backgroundText(who, shoppingFor, req.need.use),
    speakingStyle: who.speakingStyle,
    knowledgeLevel: who.knowledgeLevel,
    knowledge: who.knowledge,
    shoppingFor,
    budget: req.budget,
    preferences,
    dealbreakers,
    acceptable,
    feasible: acceptable.length > 0,
    origin: "generated",
  };
}
