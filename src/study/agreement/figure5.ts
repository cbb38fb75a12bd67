import { JUDGE_DIMENSIONS } from "../../agents/types.js";
import { mean } from "../../eval/stats.js";
import type { Trajectory } from "../../trajectory/trajectory.js";
import type { Dimension } from "../questionnaire.js";
import type { QuestionnaireAnswers } from "../study-spec.js";
import { type Correlation, correlate } from "./correlation.js";
import { judgeScoresOf } from "./judge-scores.js";

/** A human trajectory its participant rated. */
export interface RatedTrajectory {
  assistant: string;
  answers: QuestionnaireAnswers;
  trajectory: Trajectory;
}

export interface Figure5Row {
  assistant: string;
  /** Trajectories with questionnaire answers. */
  answered: number;
  /** Of them, those the judge scored. */
  judged: number;
  /** Mean questionnaire rating per dimension (null with no answers). */
  questionnaire: Record<Dimension, number | null>;
  /** Mean judge rating per dimension on the same trajectories (null with no scores). */
  judge: Record<Dimension, number | null>;
}

export interface Figure5 {
  dimensions: readonly Dimension[];
  rows: Figure5Row[];
  /** Across the assistants, questionnaire vs judge means per dimension. */
  correlations: Record<Dimension, Correlation>;
}

const meanOrNull = (xs: number[]) => (xs.length ? mean(xs) : null);
const byDimension = (f: (d: Dimension) => number | null) =>
  Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, f(d)])) as Record<Dimension, number | null>;

function figure5Row(assistant: string, rated: readonly RatedTrajectory[]): Figure5Row {
  const scored = rated.map((r) => judgeScoresOf(r.trajectory)).filter((s) => s !== undefined);
  return {
    assistant,
    answered: rated.length,
    judged: scored.length,
    questionnaire: byDimension((d) => meanOrNull(rated.map((r) => r.answers.ratings[d]))),
    judge: byDimension((d) => meanOrNull(scored.map((s) => s[d]).filter((v) => v !== undefined))),
  };
}

/** Figure 5: per assistant (in the given order) mean questionnaire and judge ratings, and their correlations. */
export function figure5(assistants: readonly string[], rated: readonly RatedTrajectory[]): Figure5 {
  const rows = assistants.map((a) =>
    figure5Row(
      a,
      rated.filter((r) => r.assistant === a),
    ),
  );
  const correlations = Object.fromEntries(
    JUDGE_DIMENSIONS.map((d) => [d, correlate(rows.map((r) => [r.questionnaire[d], r.judge[d]] as const))]),
  ) as Figure5["correlations"];
  return { dimensions: JUDGE_DIMENSIONS, rows, correlations };
}
