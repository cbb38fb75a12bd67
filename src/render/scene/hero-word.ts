const words = (name: string) => name.split(/[^\p{L}\p{N}'-]+/u).filter((w) => /\p{L}/u.test(w));
const key = (w: string) => w.toLowerCase();

/**
 * The word a package or a product card prints largest, as real ones do ("Muesli", "DETOLF"): a
 * furniture series name (its all-capitals first word) or else the name's rarest word in the store's
 * catalog of at least four letters (the longest among equals). What tells a product from its
 * neighbours is then the easiest thing to read in the view.
 */
export function heroWords(names: string[]): (name: string) => string {
  const frequency = new Map<string, number>();
  for (const name of names)
    for (const w of new Set(words(name).map(key))) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  return (name) => {
    const all = words(name);
    const series = all[0];
    if (series && series.length >= 3 && series === series.toUpperCase() && /\p{Lu}/u.test(series))
      return series;
    const long = all.filter((w) => w.length >= 4);
    const pool = long.length ? long : all;
    let best = pool[0] ?? name;
    for (const w of pool) {
      const [f, g] = [frequency.get(key(w)) ?? 0, frequency.get(key(best)) ?? 0];
      if (f < g || (f === g && w.length > best.length)) best = w;
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
