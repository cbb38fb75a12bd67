import { words } from "./format.js";

/** A fact's key as words: `sizeCategory` → "size category", `sodiumMg` → "sodium mg". */
export const keyText = (k: string) => words(k.replace(/([a-z])([A-Z])/g, "$1 $2")).toLowerCase();

/** A revealed fact as a reader sees it: lists joined, nested facts (nutrition) as `key value` pairs. */
export function factText(v: unknown): string {
  if (v === null || v === undefined) return "–";
  if (Array.isArray(v)) return v.length ? v.map(factText).join(", ") : "none";
  if (typeof v === "object")
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${keyText(k)} ${factText(x)}`)
      .join(" · ");
  return String(v);
}
