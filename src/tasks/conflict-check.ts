import type { Catalog } from "../core/catalog.js";
import type { Label } from "../core/label.js";
import type { Manifest } from "../core/manifest.js";
import type { Product } from "../core/product.js";
import type { Profile } from "../core/profile.js";
import type { Task, TaskBank } from "../core/task.js";
import { envDefinition } from "../envs/registry.js";
import { computeBudget, isRoundBudget } from "./budget.js";
import { applicableConstraints, facetsFor, facetVocabulary, hasLabel, meetsLabels } from "./labels.js";
import { sentences } from "./request-text.js";
import { SUBSETS } from "./subsets.js";

export interface TaskProblem {
  /** The task (or profile) the problem is about; "bank" for the whole bank. */
  entry: string;
  path: string;
  message: string;
}

export function formatTaskProblem(p: TaskProblem): string {
  return `${p.entry}: ${p.path}: ${p.message}`;
}

const ALLOWED_INCREMENTS = new Set([1, 5, 10, 50, 100]);

/** What checking the bank's tasks needs to know of the bank and the store's data. */
interface TaskChecks {
  catalog: Catalog;
  products: Map<string, Product>;
  profiles: Map<string, Profile>;
  kind: Product["kind"];
  labelKnown: (label: Label) => boolean;
  /** The task that first said each sentence of a request. */
  sentenceOwner: Map<string, string>;
  taskIds: Set<string>;
}

/** Records a problem of one task, at a path inside it. */
type Bad = (path: string, message: string) => void;

/** The profiles: unique ids, known themes, and constraint labels this store has. */
function checkProfiles(
  bank: TaskBank,
  themes: Set<string>,
  checks: Pick<TaskChecks, "kind" | "labelKnown">,
  problems: TaskProblem[],
): void {
  const { kind, labelKnown } = checks;
  const profileIds = new Set<string>();
  bank.profiles.forEach((p, i) => {
    if (profileIds.has(p.id))
      problems.push({ entry: p.id, path: `$.profiles[${i}].id`, message: "duplicate profile id" });
    profileIds.add(p.id);
    for (const t of p.persona.themes) {
      if (!themes.has(t))
        problems.push({
          entry: p.id,
          path: `$.profiles[${i}].persona.themes`,
          message: `unknown theme '${t}'`,
        });
    }
    for (const [list, labels] of Object.entries(p.persona.constraints)) {
      labels.forEach((l, j) => {
        if (!labelKnown(l)) {
          problems.push({
            entry: p.id,
            path: `$.profiles[${i}].persona.constraints.${list}[${j}]`,
            message: `unknown attribute label ${l.facet}:${l.value} for a ${kind} store`,
          });
        }
      });
    }
  });
}

/** One task, in the order its problems are reported. */
function checkTask(task: Task, i: number, checks: TaskChecks, problems: TaskProblem[]): void {
  const { products, profiles, kind, labelKnown, sentenceOwner, taskIds } = checks;
  const at = `$.tasks[${i}]`;
  const bad: Bad = (path, message) => {
    problems.push({ entry: task.id, path: `${at}${path}`, message });
  };
  if (taskIds.has(task.id)) bad(".id", "duplicate task id");
  taskIds.add(task.id);
  const { goal } = task;
  const profile = profiles.get(task.profileId);
  if (!profile) bad(".profileId", `no profile '${task.profileId}' in the bank`);
  else if (!task.id.startsWith(`${task.profileId}.`))
    bad(".id", `does not belong to profile ${task.profileId}`);
  if (profile && !profile.persona.themes.includes(goal.theme)) {
    bad(".goal.theme", `'${goal.theme}' is not a theme of ${profile.id}'s role (${profile.persona.name})`);
  }

  const labels: [string, Label][] = [
    ...goal.preferences.required.map((l, j): [string, Label] => [`.goal.preferences.required[${j}]`, l]),
    ...goal.preferences.unwanted.map((l, j): [string, Label] => [`.goal.preferences.unwanted[${j}]`, l]),
  ];
  let labelsKnown = true;
  for (const [path, label] of labels) {
    if (!labelKnown(label)) {
      labelsKnown = false;
      bad(path, `unknown attribute label ${label.facet}:${label.value} for a ${kind} store`);
    }
  }

  const target = products.get(goal.target.product);
  if (!target) {
    bad(".goal.target.product", `'${goal.target.product}' is not in the catalog`);
    return;
  }
  checkTarget(task, target, profile, bad);
  checkBudget(task, target, bad);
  if (labelsKnown) checkEligible(task, target, checks.catalog, bad);
  checkReferenceItems(task, target, products, bad);

  for (const s of sentences(goal.request)) {
    const owner = sentenceOwner.get(s);
    if (owner) bad(".goal.request", `repeats a sentence of ${owner}: "${s}"`);
    else sentenceOwner.set(s, task.id);
  }
}

/** The target agrees with the catalog, the goal's theme and need, its labels, and the role's rules. */
function checkTarget(task: Task, target: Product, profile: Profile | undefined, bad: Bad): void {
  const { goal } = task;
  if (Math.abs(target.price - goal.target.price) > 1e-9) {
    bad(".goal.target.price", `is ${goal.target.price}, the catalog says ${target.price}`);
  }
  if (!target.themes.includes(goal.theme))
    bad(".goal.theme", `'${goal.theme}' is not a theme of the target ${target.id}`);
  if (!goal.need.categories.includes(target.category)) {
    bad(".goal.need.categories", `the target's category '${target.category}' is not in its need family`);
  }
  for (const l of goal.preferences.required) {
    if (!hasLabel(target, l))
      bad(".goal.preferences.required", `the target ${target.id} lacks ${l.facet}:${l.value}`);
  }
  if (profile) {
    const rules = applicableConstraints(profile.persona.constraints, target);
    const has = (list: readonly Label[], l: Label) =>
      list.some((x) => x.facet === l.facet && x.value === l.value);
    for (const l of rules.requires) {
      if (!has(goal.preferences.required, l))
        bad(".goal.preferences.required", `misses the role's rule ${l.facet}:${l.value}`);
    }
    for (const l of rules.avoids) {
      if (!has(goal.preferences.unwanted, l))
        bad(".goal.preferences.unwanted", `misses the role's rule: avoid ${l.facet}:${l.value}`);
    }
  }
  for (const l of goal.preferences.unwanted) {
    if (hasLabel(target, l))
      bad(".goal.preferences.unwanted", `the target ${target.id} has the unwanted ${l.facet}:${l.value}`);
  }
}

/** The budget exceeds the target's price, is round, and is the one the disclosure names. */
function checkBudget(task: Task, target: Product, bad: Bad): void {
  const { goal } = task;
  const { amount, increment } = goal.budget;
  if (amount <= target.price)
    bad(".goal.budget.amount", `${amount} does not exceed the target's price ${target.price}`);
  if (!ALLOWED_INCREMENTS.has(increment))
    bad(".goal.budget.increment", `${increment} is not one of $1, $5, $10, $50, $100`);
  else if (!isRoundBudget(amount, increment))
    bad(".goal.budget.amount", `${amount} is not a multiple of ${increment}`);
  const budgetStep = goal.disclosure.steps.find((s) => s.kind === "budget");
  if (budgetStep?.kind === "budget" && budgetStep.amount !== amount) {
    bad(".goal.disclosure.steps", `discloses a budget of ${budgetStep.amount}, the goal's is ${amount}`);
  }
}

/**
 * With every label known: the budget is what the tier gives for the products meeting the labels, and
 * the reference set is exactly those within it.
 */
function checkEligible(task: Task, target: Product, catalog: Catalog, bad: Bad): void {
  const { goal } = task;
  const { amount, increment, tier } = goal.budget;
  const family = catalog.products.filter((p) => goal.need.categories.includes(p.category));
  const eligible = family.filter((p) => meetsLabels(p, goal.preferences.required, goal.preferences.unwanted));
  const expected = computeBudget(
    target.price,
    eligible.map((p) => p.price),
    tier,
  );
  if (expected.amount !== amount || expected.increment !== increment) {
    bad(
      ".goal.budget",
      `a ${tier} budget for these labels is ${expected.amount} (step ${expected.increment}), not ${amount}`,
    );
  }
  const reference = eligible
    .filter((p) => p.price <= amount)
    .map((p) => p.id)
    .sort();
  const given = [...task.referenceItems].sort();
  if (reference.join() !== given.join()) {
    bad(
      ".referenceItems",
      `should be exactly the products meeting the labels and budget: [${reference.join(", ")}]`,
    );
  }
}

/** Each reference item is in the catalog and within budget, and the target is one of them. */
function checkReferenceItems(task: Task, target: Product, products: Map<string, Product>, bad: Bad): void {
  const { amount } = task.goal.budget;
  for (const id of task.referenceItems) {
    const p = products.get(id);
    if (!p) bad(".referenceItems", `'${id}' is not in the catalog`);
    else if (p.price > amount) bad(".referenceItems", `${id} costs ${p.price}, over the budget ${amount}`);
  }
  if (!task.referenceItems.includes(target.id))
    bad(".referenceItems", `does not contain the target ${target.id}`);
}

/** The split: each profile has one task in each subset. */
function checkSplit(bank: TaskBank, problems: TaskProblem[]): void {
  for (const profile of bank.profiles) {
    const own = bank.tasks.filter((t) => t.profileId === profile.id);
    const subsets = new Set(own.map((t) => t.subset));
    if (own.length !== SUBSETS || subsets.size !== SUBSETS) {
      problems.push({
        entry: profile.id,
        path: "$.tasks",
        message: `has ${own.length} tasks in subsets [${[...subsets].sort().join(", ")}]; the split needs one task in each of ${SUBSETS} subsets`,
      });
    }
  }
}

/**
 * The final conflict check of task construction (Appendix A.3), and the validator of any task
 * bank: roles agree with tasks, labels exist and fit the target, the target is in the catalog and
 * within budget, the budget is what the tier gives and is round, the reference set is exactly the
 * products meeting the labels and budget, requests do not repeat, and the split is stratified.
 */
export function checkTaskBank(bank: TaskBank, data: { manifest: Manifest; catalog: Catalog }): TaskProblem[] {
  const problems: TaskProblem[] = [];
  const products = new Map(data.catalog.products.map((p) => [p.id, p]));
  const profiles = new Map(bank.profiles.map((p) => [p.id, p]));
  const themes = new Set(data.manifest.themes.map((t) => t.id));
  const flavors = new Set(
    data.catalog.products.flatMap((p) => (p.kind === "grocery" ? p.attributes.flavor : [])),
  );
  const kind: Product["kind"] = envDefinition(data.manifest.id).productKind;
  const facets = new Set<string>(data.catalog.products[0] ? facetsFor(data.catalog.products[0]) : []);

  const labelKnown = (label: Label) => {
    const vocabulary = facetVocabulary(label.facet);
    return (
      facets.has(label.facet) && (vocabulary ? vocabulary.includes(label.value) : flavors.has(label.value))
    );
  };
  if (bank.env !== data.manifest.id) {
    problems.push({
      entry: "bank",
      path: "$.env",
      message: `is '${bank.env}', the data is for '${data.manifest.id}'`,
    });
  }
  checkProfiles(bank, themes, { kind, labelKnown }, problems);
  const checks: TaskChecks = {
    catalog: data.catalog,
    products,
    profiles,
    kind,
    labelKnown,
    sentenceOwner: new Map(),
    taskIds: new Set(),
  };
  bank.tasks.forEach((task, i) => {
    checkTask(task, i, checks, problems);
  });
  checkSplit(bank, problems);
  return problems;
}
