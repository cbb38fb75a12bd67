import type { Layout } from "./layout.js";

/** The two parties that see the store, each with its own handles (paper Appendix B.2). */
export type Role = "shopper" | "assistant";
export const ROLES: readonly Role[] = ["shopper", "assistant"];

/** A, B, …, Z, AA, AB, … (bijective base 26). */
export function letters(n: number): string {
  let s = "";
  let k = n;
  while (k > 0) {
    const r = (k - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    k = Math.floor((k - 1) / 26);
  }
  return s;
}

/**
 * Fixed handles of a store's navigation targets for a role, the same on its minimap in every turn.
 * The shopper sees letters for fixtures and stores and letter+digit for areas (A1); the assistant
 * sees numbers for fixtures and stores and number+letter for areas (1a). Areas take their store's
 * handle with their place in the store.
 */
export function targetHandles(layout: Layout, role: Role): Map<string, string> {
  const handles = new Map<string, string>();
  let top = 0;
  for (const t of layout.navTargets) {
    if (t.type === "area") continue;
    top++;
    handles.set(t.id, role === "shopper" ? letters(top) : String(top));
  }
  for (const t of layout.navTargets) {
    if (t.type !== "store") continue;
    const storeHandle = handles.get(t.id)!;
    t.areas.forEach((areaId, i) => {
      handles.set(
        areaId,
        role === "shopper" ? `${storeHandle}${i + 1}` : `${storeHandle}${letters(i + 1).toLowerCase()}`,
      );
    });
  }
  return handles;
}

/** The n-th (1-based) product handle of an observation: 1, 2, … for the shopper; A, B, … for the assistant. */
export function productHandle(role: Role, n: number): string {
  return role === "shopper" ? String(n) : letters(n);
}
