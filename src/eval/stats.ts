/** Statistics for comparing assistant-level means (paper Appendix C.2). */

export function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Sample standard deviation (n − 1). */
export function sampleSd(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Pearson's r: centred covariance over the product of standard deviations. */
export function pearson(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length !== ys.length || xs.length < 2)
    throw new Error("pearson: two equally long samples of at least two values");
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Average ranks (1-based); values closer than `tolerance` (relative) are ties and share their midrank. */
export function midranks(xs: readonly number[], tolerance = 1e-12): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const ranks = new Array<number>(xs.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    const tie = (a: number, b: number) =>
      Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
    while (end + 1 < order.length && tie(order[end + 1]!.x, order[start]!.x)) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]!.i] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's ρ: Pearson's r of average ranks (midranks for ties). */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  return pearson(midranks(xs), midranks(ys));
}
