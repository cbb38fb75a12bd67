import { type Decision, decisionAlignment } from "../../customersim/metrics/decision-alignment.js";
import type { Trajectory } from "../../trajectory/trajectory.js";
import { normaliseName } from "../eval-context.js";

/**
 * The products an episode's assistant recommended, R(C) of CustomerSim's equation (1) on a
 * SituRecBench trajectory: the product named by each `Recommend` act of a turn whose assistant output
 * was valid (a fallback output recommends nothing). A Recommend act names its product by
 * `display_name`, which is resolved against the store's catalog: the id, "brand name" or the bare name
 * (normalised), else the longest such name the display name contains. The internal ranking is not a
 * recommendation — the shopper never sees it. `unresolved` counts Recommend acts that named no
 * catalog product.
 */
export function recommendedProducts(
  t: Trajectory,
  names: ReadonlyMap<string, string>,
): { products: string[]; unresolved: number } {
  const products: string[] = [];
  let unresolved = 0;
  for (const r of t.turns) {
    if (r.assistant.formatError !== undefined) continue;
    for (const act of r.assistant.output.assistant_actions) {
      if (act.type !== "Recommend") continue;
      const id = resolveProduct(typeof act.display_name === "string" ? act.display_name : "", names);
      if (id === undefined) unresolved++;
      else if (!products.includes(id)) products.push(id);
    }
  }
  return { products, unresolved };
}

/** The catalog product a display name names, or undefined. */
export function resolveProduct(displayName: string, names: ReadonlyMap<string, string>): string | undefined {
  const raw = displayName.trim().toLowerCase();
  const key = normaliseName(displayName);
  const exact = names.get(raw) ?? names.get(key);
  if (exact !== undefined || !key) return exact;
  // "the Oatly Oat Milk 1L carton": the longest catalog name inside it, on word boundaries.
  const padded = ` ${key} `;
  let best: { id: string; length: number } | undefined;
  for (const [name, id] of names) {
    if (name.length > (best?.length ?? 3) && padded.includes(` ${name} `)) best = { id, length: name.length };
  }
  return best?.id;
}

/**
 * Decision Alignment of a situated shopper (equation (1) on SituRecBench): a(C) the product in the
 * final cart (the last one added, as RPR reads it), R(C) the products the assistant recommended, 𝒜
 * the task's reference items A_e (the products meeting the labels and the budget).
 */
export function episodeDecision(t: Trajectory, names: ReadonlyMap<string, string>): Decision {
  return decisionAlignment({
    purchased: t.outcome.cart.at(-1) ?? null,
    recommended: recommendedProducts(t, names).products,
    acceptable: t.header.task.referenceItems,
  });
}
