import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import type { Criterion } from "../schema/rule.js";
import { isAcceptable, type Requirements } from "./acceptable-set.js";
import { evaluatePredicate } from "./evaluate.js";

/** A persona's requirements with its preferences: what coherence is checked on. */
export interface PersonaCriteria extends Requirements {
  preferences: readonly Criterion[];
}

/** A preference the persona cannot coherently hold, and why. */
export interface Incoherence {
  /** Its index in `preferences`. */
  index: number;
  preference: Criterion;
  reason: string;
}

const meets = (c: Criterion, p: Product, k: CategoryKnowledge) => evaluatePredicate(c.rule, p, k);

/**
 * Why one preference is incoherent, or nothing. With the checker's predicate logic: a feasible
 * persona's preference must be met by at least one of its acceptable products. An infeasible
 * persona has none, so its preference must be met by some product of the category and contradict
 * none of its dealbreakers on its own: each dealbreaker some product meets is met, by some product,
 * together with the preference. The budget is left out: being priced out is how many are infeasible.
 */
export function preferenceIncoherence(
  req: Requirements,
  preference: Criterion,
  products: readonly Product[],
  k: CategoryKnowledge,
): string | undefined {
  const own = products.filter((p) => p.category === req.category);
  const acceptable = own.filter((p) => isAcceptable(req, p, k));
  if (acceptable.length > 0)
    return acceptable.some((p) => meets(preference, p, k))
      ? undefined
      : `no acceptable product meets it (of ${acceptable.length} acceptable)`;
  if (!own.some((p) => meets(preference, p, k))) return "no product of the category meets it";
  const contradicted = req.dealbreakers.find(
    (d) =>
      d.rule.kind !== "max_price" &&
      own.some((p) => meets(d, p, k)) &&
      !own.some((p) => meets(d, p, k) && meets(preference, p, k)),
  );
  return contradicted
    ? `it contradicts the dealbreaker "${contradicted.text}": no product meets both`
    : undefined;
}

/** The persona's incoherent preferences (see `preferenceIncoherence`), empty when all are coherent. */
export function incoherentPreferences(
  persona: PersonaCriteria,
  products: readonly Product[],
  k: CategoryKnowledge,
): Incoherence[] {
  return persona.preferences.flatMap((preference, index) => {
    const reason = preferenceIncoherence(persona, preference, products, k);
    return reason ? [{ index, preference, reason }] : [];
  });
}
