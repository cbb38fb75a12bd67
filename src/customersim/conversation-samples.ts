import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * Several rollouts of one persona (`customersim run --samples G`, a GRPO group): sample 0 is the
 * conversation a single-sample run plays (the persona's id as the task, the run's seed); sample k ≥ 1
 * is stored as task `PERSONA#k` and played with a seed derived from the run's seed, the persona and k.
 */
export const SampleTaskId = z
  .string()
  .regex(/^[a-z]{2}-p\d{3}(#[1-9]\d*)?$/, "a persona id like fc-p001, or a sample of one like fc-p001#2");

/** The store's task id of a persona's sample. */
export function sampleTaskId(personaId: string, sample: number): string {
  return sample === 0 ? personaId : `${personaId}#${sample}`;
}

/** The persona of a stored task id (`fc-p001#2` → `fc-p001`). */
export function personaOfTask(taskId: string): string {
  const hash = taskId.indexOf("#");
  return hash < 0 ? taskId : taskId.slice(0, hash);
}

/**
 * The seed a sample plays with: the run's for sample 0, else 31 bits of SHA-256 over the run's seed,
 * the persona and the sample (the same on every machine, distinct per persona and sample).
 */
export function sampleSeed(runSeed: number, personaId: string, sample: number): number {
  if (sample === 0) return runSeed;
  return createHash("sha256").update(`${runSeed}/${personaId}/${sample}`).digest().readUInt32LE(0) >>> 1;
}
