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

/** The human-evaluation sample (Appendix C.2): `count` task ids drawn from the bank with `seed`, in draw order. */
export function humanEvalSample(bank: TaskBank, seed = SPLIT_SEED, count = 5): string[] {
  if (count > bank.tasks.length)
    throw new Error(`sample ${count}: the bank holds ${bank.tasks.length} tasks`);
  return new Rng(seed).shuffle(bank.tasks.map((t) => t.id)).slice(0, count);
}

/** Participant i takes tasks i, i+1, … (cyclically): with as many participants as tasks and two each, each task twice. */
export function cyclicAssignment(tasks: readonly string[], participants: number, per = 2): string[][] {
  return Array.from({ length: participants }, (_, i) =>
    Array.from({ length: Math.min(per, tasks.length) }, (_, k) => tasks[(i + k) % tasks.length]!),
  );
}

/**
 * The human-evaluation sample (Appendix C.2): five tasks drawn from the supermarket bank with
 * seed 42; participant i takes tasks i and i+1 (cyclically), so each task goes to two participants.
 */
export function humanEvalAssignments(bank: TaskBank, seed = SPLIT_SEED, count = 5): HumanEvalAssignment[] {
  const sample = humanEvalSample(bank, seed, count);
  return cyclicAssignment(sample, sample.length).map((tasks, i) => ({
    participant: `P${i + 1}`,
    tasks: tasks as [string, string],
  }));
}
