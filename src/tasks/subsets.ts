import { Rng } from "../core/random.js";
import type { Task, TaskBank } from "../core/task.js";

/** The seed of the paper's profile-stratified split and human-evaluation sample (Appendix C.1, C.2). */
export const SPLIT_SEED = 42;
export const SUBSETS = 4;

/**
 * The profile-stratified split (Appendix C.1): with seed 42, each profile's four tasks are shuffled
 * and dealt one to each of the four subsets, so every subset of 25 covers all 25 profiles.
 */
export function assignSubsets(tasks: readonly Omit<Task, "subset">[]): Task[] {
  const rng = new Rng(SPLIT_SEED);
  const byProfile = new Map<string, Omit<Task, "subset">[]>();
  for (const t of tasks) byProfile.set(t.profileId, [...(byProfile.get(t.profileId) ?? []), t]);
  const subsetOf = new Map<string, number>();
  for (const [profileId, own] of byProfile) {
    if (own.length !== SUBSETS)
      throw new Error(`split: profile ${profileId} has ${own.length} tasks, needs ${SUBSETS}`);
    rng
      .fork(profileId)
      .shuffle(own)
      .forEach((t, i) => {
        subsetOf.set(t.id, i);
      });
  }
  return tasks.map((t) => ({ ...t, subset: subsetOf.get(t.id)! }));
}

export interface HumanEvalAssignment {
  participant: string;
  tasks: [string, string];
}

/** The store the paper's human evaluation took its tasks from (Appendix C.2). */
export const HUMAN_EVAL_ENV = "supermarket";

/**
 * The human-evaluation sample (Appendix C.2): five tasks drawn from the supermarket bank with
 * seed 42; participant i takes tasks i and i+1 (cyclically), so each task goes to two participants.
 */
export function humanEvalAssignments(bank: TaskBank, seed = SPLIT_SEED, count = 5): HumanEvalAssignment[] {
  const sample = new Rng(seed).shuffle(bank.tasks.map((t) => t.id)).slice(0, count);
  return sample.map((id, i) => ({ participant: `P${i + 1}`, tasks: [id, sample[(i + 1) % sample.length]!] }));
}
