import { randomBytes } from "node:crypto";
import { builtinRoles } from "../agents/role-registry.js";
import type { Condition } from "../core/dialogue.js";
import { SiturecError } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import { Rng } from "../core/random.js";
import { envIds, hasEnv } from "../envs/registry.js";
import { roleId } from "../runner/run-config.js";
import { cyclicAssignment, humanEvalSample } from "../tasks/subsets.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { type Interaction, type ParticipantRecord, Study, type StudyParticipant } from "./study-spec.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export interface StudyOptions {
  id: string;
  /** The store, or a seeded variant of one (`supermarket@1000`); default supermarket (the paper's human study). */
  env?: EnvId;
  /** Task ids; default: `sample` tasks drawn from the bank with `seed`. */
  tasks?: string[];
  /** How many tasks to sample (default 5, as in the paper). */
  sample?: number;
  /** Seeds the sample and the orders (default 42, as in the paper). */
  seed?: number;
  assistants: string[];
  /** Coded participant ids (default P1…P5, as `siturec tasks human-eval` names them: as many as tasks, so each task is played twice). */
  participants?: string[];
  /** Tasks per participant (default 2: adjacent pairs, assigned cyclically). */
  perParticipant?: number;
  condition?: Condition;
  maxTurns?: number;
  moderator?: string;
  /** Show participants the store map (default false: the paper gives the map to the assistant only). */
  shopperMap?: boolean;
  /** Invite tokens (tests); default 32 random bytes each. */
  token?: (code: string) => string;
}

/** The paper's sample (`siturec tasks human-eval` shows the same): `n` task ids drawn from the bank with `seed`. */
export function sampleTasks(env: EnvId, n: number, seed: number): string[] {
  return humanEvalSample(loadTaskBank(env), seed, n);
}

/** A participant's blinded presentation: a letter per assistant, and the order per task, both shuffled per participant. */
function blinded(seed: number, code: string, assistants: number, tasks: number) {
  const rng = new Rng(seed).fork(`participant:${code}`);
  const indices = Array.from({ length: assistants }, (_, i) => i);
  const byLetter = rng.shuffle(indices);
  const letters = indices.map((i) => LETTERS[byLetter.indexOf(i)]!);
  const order = Array.from({ length: tasks }, () => rng.shuffle(indices));
  return { letters, order };
}

/** Makes a study: samples its tasks, assigns pairs cyclically, blinds each participant's assistants. */
export function createStudy(opts: StudyOptions): Study {
  const env = opts.env ?? "supermarket";
  if (!hasEnv(env))
    throw new SiturecError(
      `env: no store '${env}'; a store (${envIds().join(", ")}) or a seeded variant such as supermarket@1000`,
      {
        exitCode: 2,
        field: "env",
      },
    );
  const seed = opts.seed ?? 42;
  const tasks = opts.tasks ?? sampleTasks(env, opts.sample ?? 5, seed);
  const known = new Set(loadTaskBank(env).tasks.map((t) => t.id));
  const unknown = tasks.filter((t) => !known.has(t));
  if (unknown.length)
    throw new Error(
      `tasks: no task ${unknown.join(", ")} in the ${env} bank (siturec tasks list shows the ids)`,
    );
  for (const a of opts.assistants) builtinRoles().resolve("assistant", roleId(a));
  const codes = opts.participants ?? Array.from({ length: tasks.length }, (_, i) => `P${i + 1}`);
  if (new Set(codes).size !== codes.length) throw new Error("participants: the coded ids must differ");
  const pairs = cyclicAssignment(tasks, codes.length, opts.perParticipant ?? 2);
  const token = opts.token ?? (() => randomBytes(32).toString("base64url"));
  const participants: StudyParticipant[] = codes.map((code, i) => ({
    code,
    token: token(code),
    tasks: pairs[i]!,
    ...blinded(seed, code, opts.assistants.length, pairs[i]!.length),
  }));
  return Study.parse({
    id: opts.id,
    createdAt: new Date().toISOString(),
    env,
    condition: opts.condition ?? "full",
    maxTurns: opts.maxTurns ?? 20,
    seed,
    tasks,
    assistants: opts.assistants,
    moderator: opts.moderator ?? "rule",
    shopperMap: opts.shopperMap ?? false,
    participants,
  });
}

/** The run a participant's episodes with one assistant go to (both tasks: a run keys episodes by task). */
export function interactionRun(study: Study, code: string, assistant: number): string {
  return `study-${study.id}-${code}-a${assistant + 1}`;
}

/** A participant's interactions in the order they meet them: each task in turn, every assistant on it. */
export function interactionsOf(study: Study, p: StudyParticipant): Interaction[] {
  return p.tasks.flatMap((task, t) =>
    p.order[t]!.map((assistant) => ({
      task,
      assistant,
      letter: p.letters[assistant]!,
      run: interactionRun(study, p.code, assistant),
      status: "pending" as const,
    })),
  );
}

/** A fresh record for a participant who has not started. */
export function newRecord(study: Study, p: StudyParticipant): ParticipantRecord {
  return { study: study.id, code: p.code, interactions: interactionsOf(study, p) };
}
