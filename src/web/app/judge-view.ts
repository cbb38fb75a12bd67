/**
 * What the episode page shows of a trajectory's `judge` field (what `siturec judge` stores: the
 * judge model, the seven 1–5 dimension scores of Appendix C.1, the rationale, a format error, what
 * the call cost). Read leniently: the field is free-form in the published format.
 */
export interface JudgeView {
  /** The judge model, when recorded. */
  model: string | null;
  /** Each dimension's 1–5 score, the paper's seven in its order first, then any others. */
  scores: { dimension: string; score: number }[];
  /** The judge's rationale, when it gave one. */
  rationale: string | null;
  /** Why the judge's output was unusable (then there are no scores). */
  formatError: string | null;
  /** What the judge read: `record` (the paper's input) or `record+extras`. */
  input: string | null;
  /** What the judge call cost, USD, and whether it came from the response cache. */
  costUsd: number | null;
  cached: boolean | null;
}

/** The dimensions of Appendix C.1, in the paper's order. */
export const JUDGE_DIMENSION_ORDER = [
  "informativeness",
  "naturalness",
  "groundedness",
  "preference_alignment",
  "proactiveness",
  "non_repetition",
  "overall",
];

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

/** The judge's scores and rationale, or null when the episode was not judged (or the field is not a judgement). */
export function judgeView(judge: unknown): JudgeView | null {
  if (!judge || typeof judge !== "object" || Array.isArray(judge)) return null;
  const j = judge as Record<string, unknown>;
  const raw = j.scores && typeof j.scores === "object" ? (j.scores as Record<string, unknown>) : {};
  const rank = (d: string) => {
    const i = JUDGE_DIMENSION_ORDER.indexOf(d);
    return i < 0 ? JUDGE_DIMENSION_ORDER.length : i;
  };
  const scores = Object.entries(raw)
    .filter((e): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1]))
    .map(([dimension, score]) => ({ dimension, score }))
    .sort((a, b) => rank(a.dimension) - rank(b.dimension) || a.dimension.localeCompare(b.dimension));
  const formatError = str(j.formatError);
  if (!scores.length && !formatError) return null;
  return {
    model: str(j.model),
    scores,
    rationale: str(j.rationale),
    formatError,
    input: str(j.input),
    costUsd: typeof j.costUsd === "number" ? j.costUsd : null,
    cached: typeof j.cached === "boolean" ? j.cached : null,
  };
}
