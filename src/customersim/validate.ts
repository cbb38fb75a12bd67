import type { DataProblem } from "../core/data-file.js";
import { DataFileError } from "../core/data-file.js";
import { acceptableSet } from "./checker/acceptable-set.js";
import { deriveProperties, evaluatePredicate } from "./checker/evaluate.js";
import { incoherentPreferences } from "./checker/preference-coherence.js";
import {
  CUSTOMERSIM_DATA_DIR,
  type CustomerSimData,
  type CustomerSimPart,
  customerSimFiles,
  readCustomerSimData,
} from "./data-files.js";
import { knowledgeFor } from "./domain-knowledge/knowledge-base.js";
import { CATEGORIES, CATEGORY_IDS, TOTAL_PERSONAS, TOTAL_PRODUCTS } from "./schema/category.js";
import type { Persona } from "./schema/persona.js";
import type { Product } from "./schema/product.js";

type Report = (part: CustomerSimPart, path: string, message: string) => void;

/**
 * Checks a CustomerSim data folder (default: the built-in one): the schemas, then the counts, unique
 * ids, every hard criterion and acceptable set recomputed by the checker, every infeasible persona
 * infeasible and every feasible one with at least one acceptable product, every preference coherent
 * (a feasible persona's met by one of its acceptable products). Returns the problems, empty when the
 * data is valid.
 */
export function validateCustomerSimData(dir: string = CUSTOMERSIM_DATA_DIR): DataProblem[] {
  let data: CustomerSimData;
  try {
    data = readCustomerSimData(dir);
  } catch (err) {
    if (err instanceof DataFileError) return err.problems;
    throw err;
  }
  const files = customerSimFiles(dir);
  return checkCustomerSimData(data, (part) => files[part]);
}

/** The cross-file checks over data already read; `fileOf` names each part's file in messages. */
export function checkCustomerSimData(
  data: CustomerSimData,
  fileOf: (part: CustomerSimPart) => string = (p) => `${p}.json`,
): DataProblem[] {
  const problems: DataProblem[] = [];
  const report: Report = (part, path, message) => problems.push({ file: fileOf(part), path, message });
  checkCounts(data, report);
  checkIds(data, report);
  checkKnowledge(data, report);
  checkProducts(data, report);
  checkPersonas(data, report);
  return problems;
}

function checkCounts(data: CustomerSimData, report: Report): void {
  const { products } = data.catalog;
  const { personas } = data.personas;
  if (products.length !== TOTAL_PRODUCTS)
    report("catalog", "$.products", `${products.length} products, expected ${TOTAL_PRODUCTS}`);
  if (personas.length !== TOTAL_PERSONAS)
    report("personas", "$.personas", `${personas.length} personas, expected ${TOTAL_PERSONAS}`);
  for (const c of CATEGORY_IDS) {
    const info = CATEGORIES[c];
    const np = products.filter((p) => p.category === c).length;
    const nq = personas.filter((p) => p.category === c).length;
    const ni = personas.filter((p) => p.category === c && !p.feasible).length;
    if (np !== info.products)
      report("catalog", "$.products", `${c}: ${np} products, expected ${info.products}`);
    if (nq !== info.personas)
      report("personas", "$.personas", `${c}: ${nq} personas, expected ${info.personas}`);
    if (ni !== info.infeasible)
      report("personas", "$.personas", `${c}: ${ni} infeasible personas, expected ${info.infeasible}`);
    if (!data.guides.guides.some((g) => g.category === c))
      report("guides", "$.guides", `no buying guide for ${c}`);
  }
  for (const c of CATEGORY_IDS) {
    const counted = data.manifest.counts;
    const actual = products.filter((p) => p.category === c).length;
    if (counted.products[c] !== actual)
      report(
        "manifest",
        `$.counts.products["${c}"]`,
        `says ${counted.products[c]}, the catalog holds ${actual}`,
      );
    const people = personas.filter((p) => p.category === c).length;
    if (counted.personas[c] !== people)
      report(
        "manifest",
        `$.counts.personas["${c}"]`,
        `says ${counted.personas[c]}, personas.json holds ${people}`,
      );
  }
}

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => {
    if (seen.has(id)) return true;
    seen.add(id);
    return false;
  });
}

function checkIds(data: CustomerSimData, report: Report): void {
  for (const id of duplicates(data.catalog.products.map((p) => p.id)))
    report("catalog", "$.products", `product id ${id} is used twice`);
  for (const name of duplicates(data.catalog.products.map((p) => p.name)))
    report("catalog", "$.products", `product name "${name}" is used twice`);
  for (const id of duplicates(data.personas.personas.map((p) => p.id)))
    report("personas", "$.personas", `persona id ${id} is used twice`);
  for (const id of duplicates(data.guides.guides.flatMap((g) => g.entries.map((e) => e.id))))
    report("guides", "$.guides", `guide entry id ${id} is used twice`);
  data.catalog.products.forEach((p, i) => {
    if (!p.id.startsWith(`${CATEGORIES[p.category].prefix}-`))
      report(
        "catalog",
        `$.products[${i}].id`,
        `entry ${p.id}: the id does not carry the prefix of ${p.category}`,
      );
  });
}

function checkKnowledge(data: CustomerSimData, report: Report): void {
  for (const c of CATEGORY_IDS)
    if (!data.knowledge.categories.some((k) => k.category === c))
      report("knowledge", "$.categories", `no domain knowledge for ${c}`);
}

function checkProducts(data: CustomerSimData, report: Report): void {
  data.catalog.products.forEach((p, i) => {
    const k = data.knowledge.categories.find((x) => x.category === p.category);
    if (!k) return;
    const derived = guard(
      () => deriveProperties(p, k),
      (m) => report("knowledge", "$", m),
    );
    if (derived && derived.join(",") !== p.hardCriteria.join(","))
      report(
        "catalog",
        `$.products[${i}].hardCriteria`,
        `entry ${p.id}: hard criteria [${p.hardCriteria.join(", ")}] differ from what the knowledge derives [${derived.join(", ")}]`,
      );
  });
}

function guard<T>(f: () => T, onError: (message: string) => void): T | undefined {
  try {
    return f();
  } catch (err) {
    onError((err as Error).message);
    return undefined;
  }
}

function checkPersonas(data: CustomerSimData, report: Report): void {
  const byId = new Map(data.catalog.products.map((p) => [p.id, p]));
  data.personas.personas.forEach((persona, i) => {
    const at = `$.personas[${i}]`;
    const say = (path: string, message: string) =>
      report("personas", `${at}${path}`, `entry ${persona.id}: ${message}`);
    if (!data.knowledge.categories.some((k) => k.category === persona.category)) return;
    checkPersona(persona, data.catalog.products, byId, data, say);
    checkCoherence(persona, data, say);
  });
}

/** Every preference coherent with the persona (see `preferenceIncoherence`): the paper's semantic coherence. */
function checkCoherence(
  persona: Persona,
  data: CustomerSimData,
  say: (path: string, message: string) => void,
): void {
  const k = knowledgeFor(data.knowledge, persona.category);
  const found = guard(
    () => incoherentPreferences(persona, data.catalog.products, k),
    () => undefined,
  );
  for (const { index, preference, reason } of found ?? [])
    say(`.preferences[${index}]`, `preference "${preference.text}" is incoherent: ${reason}`);
}

function checkPersona(
  persona: Persona,
  products: readonly Product[],
  byId: Map<string, Product>,
  data: CustomerSimData,
  say: (path: string, message: string) => void,
): void {
  const k = knowledgeFor(data.knowledge, persona.category);
  const budgets = persona.dealbreakers.filter((d) => d.rule.kind === "max_price");
  if (
    budgets.length !== 1 ||
    budgets[0]!.rule.kind !== "max_price" ||
    budgets[0]!.rule.value !== persona.budget
  )
    say(".dealbreakers", `the dealbreakers must hold one max_price equal to the budget ${persona.budget}`);
  for (const id of persona.acceptable) {
    const p = byId.get(id);
    if (!p) say(".acceptable", `unknown product ${id}`);
    else if (p.category !== persona.category) say(".acceptable", `${id} is not in ${persona.category}`);
  }
  const probe = products.find((p) => p.category === persona.category);
  for (const [j, c] of [...persona.dealbreakers, ...persona.preferences].entries()) {
    const where =
      j < persona.dealbreakers.length
        ? `.dealbreakers[${j}]`
        : `.preferences[${j - persona.dealbreakers.length}]`;
    if (probe)
      guard(
        () => evaluatePredicate(c.rule, probe, k),
        (m) => say(`${where}.rule`, m),
      );
  }
  const expected = guard(
    () => acceptableSet(persona, products, k),
    () => undefined,
  );
  if (!expected) return;
  if (expected.join(",") !== persona.acceptable.join(","))
    say(
      ".acceptable",
      `acceptable set [${persona.acceptable.join(", ")}] differs from the checker's [${expected.join(", ")}]`,
    );
  if (persona.feasible && expected.length === 0)
    say(".feasible", "marked feasible but no product meets its dealbreakers");
  if (!persona.feasible && expected.length > 0)
    say(
      ".feasible",
      `marked infeasible but ${expected.length} products meet its dealbreakers (${expected.slice(0, 3).join(", ")})`,
    );
}
