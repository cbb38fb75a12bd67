import type { Label } from "../core/label.js";
import type { Product } from "../core/product.js";
import type { Profile } from "../core/profile.js";
import type { Level } from "../core/profile-vocabulary.js";
import type { Rng } from "../core/random.js";
import type { BudgetTier, DisclosureStep, Goal, UnsuitableResponse } from "../core/task.js";
import { computeBudget } from "./budget.js";
import {
  applicableConstraints,
  describeLabel,
  describeUnwanted,
  facetsFor,
  facetValues,
  hasLabel,
  isNeedWorthy,
  labelKey,
  meetsLabels,
} from "./labels.js";
import { composeRequest, type Opening } from "./request-text.js";
import type { NeedSpec } from "./role-spec.js";

/** Budget tiers a shopper of each price sensitivity is drawn from (repeats weight the draw). */
const TIERS_BY_SENSITIVITY: Record<Level, BudgetTier[]> = {
  high: ["strict", "strict", "moderate"],
  medium: ["strict", "moderate", "flexible"],
  low: ["moderate", "flexible", "flexible"],
};

/** How shoppers of each behaviour style answer an unsuitable suggestion. */
const UNSUITABLE_BY_STYLE: Record<Profile["interaction"]["behaviorStyle"], UnsuitableResponse[]> = {
  decisive: ["give_reason"],
  deliberate: ["compare_alternatives", "ask_clarification"],
  exploratory: ["compare_alternatives", "ask_clarification"],
  skeptical: ["give_reason", "compare_alternatives"],
  easygoing: ["ask_clarification", "give_reason"],
};

export interface GoalInput {
  profile: Profile;
  theme: string;
  target: Product;
  need: NeedSpec;
  /** Every catalog product of the need family, target included. */
  family: readonly Product[];
  /** Sentences already used by other tasks' requests. */
  takenSentences: ReadonlySet<string>;
  rng: Rng;
}

export interface BuiltGoal {
  goal: Goal;
  referenceItems: string[];
}

export const money = (amount: number) =>
  `$${Number.isInteger(amount) ? amount.toLocaleString("en-US") : amount.toFixed(2)}`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function allLabels(product: Product): Label[] {
  return facetsFor(product).flatMap((facet) =>
    facetValues(product, facet).map((value) => ({ facet, value })),
  );
}

/**
 * Required labels: one label of the target (two with probability 0.4), need-worthy, at most one per
 * facet, drawn among those that set it apart within its family (not every product has them) yet
 * leave at least one other product standing, so the need narrows the choice without dictating it.
 * Falls back to labels that only the target meets, then to shared ones. Allergens are never
 * required: a shopper says "free of" (a dietary tag) or refuses the allergen.
 */
function chooseRequired(input: GoalInput, fixed: readonly Label[]): Label[] {
  const { target, family, rng } = input;
  const count = rng.float() < 0.6 ? 1 : 2;
  const picked: Label[] = [...fixed];
  const candidates = rng.shuffle(allLabels(target).filter((l) => l.facet !== "allergen" && isNeedWorthy(l)));
  while (picked.length < Math.max(count, fixed.length + (fixed.length ? 0 : 1)) && picked.length < 2) {
    const open = candidates.filter(
      (l) => !picked.some((p) => p.facet === l.facet || labelKey(p) === labelKey(l)),
    );
    const left = (l: Label) => family.filter((p) => meetsLabels(p, [...picked, l], [])).length;
    const rank = (l: Label) => {
      const n = left(l);
      const before = family.filter((p) => meetsLabels(p, picked, [])).length;
      if (n < before && n >= 2) return 0;
      if (n < before) return 1;
      return 2;
    };
    const best = open.map((l) => ({ l, r: rank(l) })).sort((a, b) => a.r - b.r)[0];
    if (!best || (best.r === 2 && picked.length > 0)) break;
    picked.push(best.l);
  }
  return picked;
}

/**
 * An unwanted feature, drawn with probability 0.6 when one exists: a need-worthy label the target
 * lacks but some other product meeting the required labels has, so that refusing it changes the
 * choice (no "vegan, and nothing with dairy").
 */
function chooseUnwanted(input: GoalInput, required: Label[], fixed: readonly Label[]): Label[] {
  const { target, family, rng } = input;
  const seen = new Set(fixed.map(labelKey));
  const options: Label[] = [];
  for (const p of family) {
    if (p.id === target.id || !meetsLabels(p, required, fixed)) continue;
    for (const l of allLabels(p)) {
      const key = labelKey(l);
      if (seen.has(key) || hasLabel(target, l) || !isNeedWorthy(l) || l.facet === "dietary") continue;
      if (l.facet === "size" && required.some((r) => r.facet === "size")) continue;
      seen.add(key);
      options.push(l);
    }
  }
  if (options.length === 0 || rng.float() >= 0.6) return [...fixed];
  return [...fixed, rng.pick(options)];
}

/** Household goods have scents; foods, pet food and treats have flavors. */
function isScented(product: Product): boolean {
  return product.kind === "grocery" && product.ingredients === null && !/food|treat/i.test(product.category);
}

function describeSteps(
  input: GoalInput,
  budget: number,
  required: Label[],
  unwanted: Label[],
): DisclosureStep[] {
  const { rng, target } = input;
  const scent = isScented(target);
  const budgetLines = [
    `My budget is about ${money(budget)}.`,
    `I'd like to keep it under ${money(budget)}.`,
    `I don't want to spend more than ${money(budget)}.`,
    `I can spend up to ${money(budget)}.`,
  ];
  return [
    { kind: "budget", amount: budget, say: rng.pick(budgetLines) },
    ...unwanted.map((label) => ({
      kind: "avoid" as const,
      label,
      say: `${capitalise(describeUnwanted(label, scent))}, please.`,
    })),
    ...required.map((label) => ({
      kind: "require" as const,
      label,
      say: `It should be ${describeLabel(label, target.kind)}.`,
    })),
  ];
}

function stepDetail(step: DisclosureStep): string {
  if (step.kind === "budget") return `the budget (up to ${money(step.amount)})`;
  const phrase = step.say.replace(/, please\.$/, "").replace(/\.$/, "");
  return step.kind === "avoid"
    ? `what to avoid (${phrase.toLowerCase()})`
    : `a specific need (${phrase.toLowerCase()})`;
}

/**
 * Steps 3 and 4 of the paper's task construction for one target: needs and preferences as catalog
 * labels, a budget tier from the shopper's price sensitivity and the budget it gives, the reference
 * item set A_e, and the disclosure and acceptance policies. Returns undefined when no request
 * sentence is left unused for this need.
 */
export function buildGoal(input: GoalInput): BuiltGoal | undefined {
  const { profile, target, need, family, rng } = input;
  const rules = applicableConstraints(profile.persona.constraints, target);
  const required = chooseRequired(input, rules.requires);
  const unwanted = chooseUnwanted(input, required, rules.avoids);
  const eligible = family.filter((p) => meetsLabels(p, required, unwanted));
  const tier = rng.pick(TIERS_BY_SENSITIVITY[profile.interaction.priceSensitivity]);
  const budget = computeBudget(
    target.price,
    eligible.map((p) => p.price),
    tier,
  );
  const referenceItems = eligible
    .filter((p) => p.price <= budget.amount)
    .map((p) => p.id)
    .sort();

  const opening: Opening = rng.pick(["category", "use", "both", "both"]);
  const composed = composeRequest(opening, need.nouns, need.uses, input.takenSentences, rng);
  if (!composed) return undefined;

  const scent = isScented(target);
  const wants = required.map((l) => describeLabel(l, target.kind));
  const avoids = unwanted.map((l) => describeUnwanted(l, scent));
  const needs = wants.length
    ? `It should be ${wants.join(" and ")}`
    : "No specific requirements beyond the need";
  const summary = `${[needs, ...avoids].join("; ")}; within ${money(budget.amount)}.`;
  const steps = describeSteps(input, budget.amount, required, unwanted);
  const openingText = {
    category: `the broad category (${composed.noun})`,
    use: `the intended use (${composed.use})`,
    both: `the broad category and the intended use (${composed.noun} ${composed.use})`,
  }[opening];
  const disclosureText = [
    `Open with ${openingText} only.`,
    `Then add at most one new key detail per turn, in this order: ${steps.map(stepDetail).join("; ")}.`,
    "Answer the assistant's questions honestly, but do not volunteer details ahead of this order.",
  ].join(" ");

  const { substituteWillingness, explanationSeeking, behaviorStyle } = profile.interaction;
  const onUnsuitable = rng.pick(UNSUITABLE_BY_STYLE[behaviorStyle]);
  const unsuitableText = {
    give_reason: "say plainly why it does not suit you",
    ask_clarification: "ask the assistant a clarifying question about it",
    compare_alternatives: "ask how it compares with other options",
  }[onUnsuitable];
  const acceptanceText = [
    `Openness to alternatives: ${substituteWillingness}.`,
    `Explanation wanted before accepting: ${explanationSeeking}.`,
    `When a suggestion does not suit you, ${unsuitableText}.`,
    `Buy only a product that meets your needs and costs at most ${money(budget.amount)}.`,
  ].join(" ");

  return {
    goal: {
      theme: input.theme,
      request: composed.request,
      need: { family: need.id, categories: need.categories, noun: composed.noun, use: composed.use },
      preferences: { required, unwanted, summary: capitalise(summary) },
      budget: { amount: budget.amount, tier, increment: budget.increment },
      target: { product: target.id, price: target.price },
      disclosure: { opening, steps, maxNewDetailsPerTurn: 1, text: disclosureText },
      acceptance: {
        considerAlternatives: substituteWillingness,
        explanationNeeded: explanationSeeking,
        onUnsuitable,
        text: acceptanceText,
      },
    },
    referenceItems,
  };
}
