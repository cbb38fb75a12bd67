/** A score with its label: whether the text was a person's. */
export interface ScoredLabel {
  score: number;
  human: boolean;
}

/** P(human) = σ(a · score + b). */
export interface PlattParameters {
  a: number;
  b: number;
}

export const sigmoid = (x: number): number =>
  x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));

/** log(1 + e^x) without overflow. */
const softplus = (x: number): number => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));

/**
 * Platt scaling (Platt 1999, with the Newton method and backtracking of Lin, Lin & Weng 2007): the
 * logistic curve that best turns scores into probabilities, fitted by maximum likelihood against
 * Platt's smoothed targets ((N₊ + 1)/(N₊ + 2) for a positive, 1/(N₋ + 2) for a negative), which keep
 * the slope finite even when the scores separate the labels perfectly. Deterministic: no seed.
 */
export function fitPlatt(points: readonly ScoredLabel[]): PlattParameters {
  const pos = points.filter((p) => p.human).length;
  const neg = points.length - pos;
  if (!pos || !neg) throw new Error("Platt scaling needs scores of both labels");
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  const targets = points.map((p) => (p.human ? hi : lo));
  // The loss −Σ t log p + (1 − t) log(1 − p), with z = a·s + b: Σ softplus(z) − t·z.
  const loss = (a: number, b: number) =>
    points.reduce((sum, p, i) => {
      const z = a * p.score + b;
      return sum + softplus(z) - targets[i]! * z;
    }, 0);
  let a = 0;
  let b = Math.log((pos + 1) / (neg + 1));
  let current = loss(a, b);
  for (let iter = 0; iter < 100; iter++) {
    let [ga, gb, haa, hab, hbb] = [0, 0, 1e-12, 0, 1e-12];
    for (const [i, p] of points.entries()) {
      const q = sigmoid(a * p.score + b);
      const d = q - targets[i]!;
      const w = q * (1 - q);
      ga += d * p.score;
      gb += d;
      haa += w * p.score * p.score;
      hab += w * p.score;
      hbb += w;
    }
    if (Math.abs(ga) < 1e-7 && Math.abs(gb) < 1e-7) break;
    const det = haa * hbb - hab * hab;
    const da = -(hbb * ga - hab * gb) / det;
    const db = -(-hab * ga + haa * gb) / det;
    let step = 1;
    let next = loss(a + step * da, b + step * db);
    while (next > current + 1e-4 * step * (ga * da + gb * db) && step > 1e-10) {
      step /= 2;
      next = loss(a + step * da, b + step * db);
    }
    if (step <= 1e-10) break;
    a += step * da;
    b += step * db;
    current = next;
  }
  return { a, b };
}
