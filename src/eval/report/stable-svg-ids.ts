/** Ids a chart library numbers from a counter shared by the whole process (vega's `gradient_7`, `clip3`). */
const COUNTED = "(?:gradient|clip|pattern|mask)_?\\d+";
const DEFINED = new RegExp(`\\bid="(${COUNTED})"`, "g");
/** The id where it is defined or referred to: `id="…"`, `url(#…)`, `href="#…"`. */
const USED = new RegExp(`(\\bid="|url\\(#|href="#)(${COUNTED})(?=["')])`, "g");

/**
 * An SVG whose counted ids are numbered from 0 in the order they are defined, each reference renamed
 * with its id: the same chart gives the same bytes however many charts the process drew before it
 * (vega numbers gradients process-wide, so the bundle's files would otherwise depend on the order the
 * charts were drawn in).
 */
export function stableSvgIds(svg: string): string {
  const renamed = new Map<string, string>();
  const perPrefix = new Map<string, number>();
  for (const [, id] of svg.matchAll(DEFINED)) {
    if (renamed.has(id!)) continue;
    const prefix = id!.replace(/\d+$/, "");
    const n = perPrefix.get(prefix) ?? 0;
    perPrefix.set(prefix, n + 1);
    renamed.set(id!, `${prefix}${n}`);
  }
  if (!renamed.size) return svg;
  return svg.replace(USED, (whole, before: string, id: string) => {
    const to = renamed.get(id);
    return to === undefined ? whole : `${before}${to}`;
  });
}
