import type { Rng } from "../../core/random.js";
import { preferenceIncoherence } from "../checker/preference-coherence.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import type { Criterion } from "../schema/rule.js";
import { type Requirements, ruleSubject } from "./draw-requirements.js";

/**
 * A persona's soft preferences (one or two), drawn from its need's optional criteria on a product
 * it could buy: one of its acceptable products when it has any (the first, in a drawn order, that
 * gives enough), else its anchor (which misses a single dealbreaker). A preference never restates a
 * dealbreaker's subject, and each one passes the validator's coherence check, so none contradicts
 * what the persona must have.
 */
export function drawPreferences(
  req: Requirements,
  acceptable: readonly Product[],
  category: readonly Product[],
  rng: Rng,
  k: CategoryKnowledge,
): Criterion[] {
  const wanted = rng.int(1, 2);
  const sources = acceptable.length ? rng.shuffle(acceptable) : [req.anchor];
  let best: Criterion[] = [];
  for (const source of sources) {
    const found = criteriaOf(source, req, category, rng.fork(source.id), k);
    if (found.length > best.length) best = found;
    if (best.length >= wanted) break;
  }
  return best.slice(0, wanted).map((c) => ({ ...c, text: softText(c.text) }));
}

/** The need's optional criteria the source meets, in a drawn order, that may be preferences. */
function criteriaOf(
  source: Product,
  req: Requirements,
  category: readonly Product[],
  rng: Rng,
  k: CategoryKnowledge,
): Criterion[] {
  const named = new Set(req.dealbreakers.map(ruleSubject));
  const checked = { category: source.category, budget: req.budget, dealbreakers: req.dealbreakers };
  const seen = new Set<string>();
  return rng
    .shuffle(req.need.options)
    .map((kind) => kind(source, rng, k))
    .filter((c): c is Criterion => c !== undefined && !named.has(ruleSubject(c)))
    .filter((c) => {
      const key = JSON.stringify(c.rule);
      if (seen.has(key)) return false;
      seen.add(key);
      return preferenceIncoherence(checked, c, category, k) === undefined;
    });
}

const lower = (word: string) => word.toLowerCase();

/** How a dealbreaker's words read as a wish, first match wins; names ("iPhone", "Windows") keep their case. */
const SOFTER: [RegExp, (...parts: string[]) => string][] = [
  [/^Must be (.*)/, (rest) => `Ideally ${rest}`],
  [/^Must run (.*)/, (os) => `Prefers ${os}`],
  [/^Must (\w+) (.*)/, (verb, rest) => `Would like it to ${verb} ${rest}`],
  [/^Battery must (.*)/, (rest) => `Would like the battery to ${rest}`],
  [/^Needs (.*)/, (rest) => `Would like ${rest}`],
  [/^No (leather band|bottom-tier .*)/, (rest) => `Would rather avoid a ${rest}`],
  [/^No (.*)/, (rest) => `Would rather avoid ${rest}`],
  [/^Nothing (.*)/, (rest) => `Would rather avoid anything ${rest}`],
  [/^Anything but (.*)/, (rest) => `Would rather not have ${rest}`],
  [/^(.*) only, (.*)/, (what, rest) => `Prefers ${lower(what)}, ${rest}`],
  [
    /^(Screen|Case|A|An) (.*)/,
    (word, rest) => `Would like ${/^an?$/i.test(word) ? lower(word) : `a ${lower(word)}`} ${rest}`,
  ],
];

/** A dealbreaker's words said as a wish. */
export function softText(text: string): string {
  for (const [pattern, say] of SOFTER) {
    const m = pattern.exec(text);
    if (m) return say(...m.slice(1));
  }
  return `Prefers: ${text[0]!.toLowerCase()}${text.slice(1)}`;
}
