import { formatProblem } from "../../core/data-file.js";
import { type EnvData, filesIn } from "../env-data.js";
import { validateEnv } from "../validate.js";

/** How many seeded plans a variant tries before it gives up. */
export const PLAN_ATTEMPTS = 12;

/**
 * The first of a variant's seeded attempts whose data passes every check `siturec data validate` makes
 * (schemas aside: the generator builds typed values), the arrival rule included; an attempt that
 * cannot hold the store's goods says why instead. The attempts are a fixed seeded sequence, so a seed
 * always gives the same variant.
 */
export function firstValid(id: string, attempt: (n: number) => EnvData | string): EnvData {
  let last = "";
  for (let n = 0; n < PLAN_ATTEMPTS; n++) {
    const data = attempt(n);
    if (typeof data === "string") {
      last = data;
      continue;
    }
    const problems = validateEnv(data, filesIn(`(generated ${id})`));
    if (!problems.length) return data;
    last = problems.slice(0, 3).map(formatProblem).join("; ");
  }
  throw new Error(`variant ${id}: no valid plan in ${PLAN_ATTEMPTS} attempts (last: ${last})`);
}
