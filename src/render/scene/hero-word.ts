const words = (name: string) => name.split(/[^\p{L}\p{N}'-]+/u).filter((w) => /\p{L}/u.test(w));
const key = (w: string) => w.toLowerCase();

/** Words too common on packaging to tell one product from another. */
export const PACKAGING_COMMONPLACES: ReadonlySet<string> = new Set(
  "with from and the for your this that fresh pack size each free natural original classic organic large small medium extra".split(
    " ",
  ),
);

/**
 * The word a package or a product card prints largest, as real ones do ("Muesli", "DETOLF"): a
 * furniture series name (its all-capitals first word) or else the word of at least four letters
 * that the fewest of the product's neighbours (the other goods on its fixture or in its area) share,
 * then the rarest in the store's catalog, then the longest. What tells a product from the goods
 * around it is then the easiest thing to read in the view.
 */
export function heroWords(names: string[], neighbourhoods: string[][] = []): (name: string) => string {
  const frequency = new Map<string, number>();
  for (const name of names)
    for (const w of new Set(words(name).map(key))) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const neighbours = new Map<string, Set<string>>();
  for (const group of neighbourhoods)
    for (const name of group) {
      const set = neighbours.get(name) ?? new Set();
      for (const other of group) if (other !== name) set.add(other);
      neighbours.set(name, set);
    }
  return (name) => {
    const all = words(name);
    const series = all[0];
    if (series && series.length >= 3 && series === series.toUpperCase() && /\p{Lu}/u.test(series))
      return series;
    const long = all.filter((w) => w.length >= 4 && !PACKAGING_COMMONPLACES.has(key(w)));
    const pool = long.length
      ? long
      : all.filter((w) => w.length >= 4).length
        ? all.filter((w) => w.length >= 4)
        : all;
    const near = [...(neighbours.get(name) ?? [])].map((n) => new Set(words(n).map(key)));
    const shared = (w: string) => near.filter((n) => n.has(key(w))).length;
    const score = (w: string): [number, number, number] => [shared(w), frequency.get(key(w)) ?? 0, -w.length];
    let best = pool[0] ?? name;
    for (const w of pool) {
      const [a, b] = [score(w), score(best)];
      if (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))) best = w;
    }
    return best;
  };
}

/** The name less its hero word (printed apart, larger), tidied. */
export function nameWithout(name: string, hero: string): string {
  return name
    .replace(hero, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,–-]+|[\s,]+$/g, "");
}
