import { readFileSync } from "node:fs";
import { SiturecError } from "../core/errors.js";
import { hashOf, sha256 } from "../core/hash.js";
import type { EnvId } from "../core/manifest.js";
import type { Profile } from "../core/profile.js";
import { redactUrlsDeep } from "../core/redact-urls.js";
import type { Task, TaskBank } from "../core/task.js";
import { envOfId } from "../envs/registry.js";
import { type Benchmark, DEFAULT_BENCHMARK, type LeaseOwner, type RunStore } from "../storage/run-store.js";
import { loadTaskBank, taskBankFile } from "../tasks/task-bank-file.js";
import { codeVersion } from "./code-version.js";
import { ConfigError, envsOf, playedTemperatures, type RunConfig } from "./run-config.js";

/** One episode a run will play: a task of a store's bank, at its place in the bank. */
export interface PlannedEpisode {
  env: EnvId;
  task: Task;
  /** The task's place in its store's bank. */
  position: number;
  profile: Profile;
}

/** The agent ids a run records (the trajectory format names the shopper's id `user`). */
export interface AgentIds {
  assistant: string;
  shopper: string;
  moderator: string;
}

/** A run made ready: its name and identity, every episode it selected, and those still to play. */
export interface RunPlan {
  runId: string;
  identity: string;
  episodes: PlannedEpisode[];
  /** Episodes to play now (a resume leaves out the finished ones). */
  todo: PlannedEpisode[];
  /** Finished episodes a resume keeps. */
  kept: number;
}

export class RunIdentityError extends SiturecError {
  override readonly name = "RunIdentityError";
}

function subsetsOf(selection: string): Set<number> {
  const out = new Set<number>();
  for (const part of selection.split(",")) {
    const [a, b] = part.split("-").map(Number) as [number, number | undefined];
    for (let s = a; s <= (b ?? a); s++) out.add(s);
  }
  return out;
}

/** The tasks of one store a run takes, in task-bank order, with their positions in the bank. */
export function selectTasks(bank: TaskBank, config: RunConfig): { task: Task; position: number }[] {
  let chosen = bank.tasks.map((task, position) => ({ task, position }));
  const sel = config.tasks;
  if (sel) {
    if (/^\d+(:\d+)?$/.test(sel)) {
      const [from, to] = sel.includes(":") ? sel.split(":").map(Number) : [Number(sel), Number(sel) + 1];
      chosen = chosen.filter((c) => c.position >= from! && c.position < to!);
    } else {
      const ids = new Set(sel.split(","));
      chosen = chosen.filter((c) => ids.has(c.task.id));
    }
  }
  if (config.subset !== undefined) {
    const subsets = subsetsOf(config.subset);
    chosen = chosen.filter((c) => subsets.has(c.task.subset));
  }
  return chosen;
}

/**
 * Every episode a configuration selects, store by store. A selection that selects nothing (a range
 * past the banks or backwards, an id no selected bank has, subsets that exclude every chosen task)
 * is refused, naming the field and what exists.
 */
export function selectEpisodes(config: RunConfig): PlannedEpisode[] {
  const envs = envsOf(config);
  const sel = config.tasks;
  const refuse = (field: "tasks" | "subset", why: string) =>
    new ConfigError(`${field} ${config[field]}: ${why}`, { exitCode: 2, field });
  if (sel && /^\d+:\d+$/.test(sel)) {
    const [from, to] = sel.split(":").map(Number) as [number, number];
    if (from >= to) throw refuse("tasks", "FROM must be less than TO (positions FROM to TO − 1)");
  }
  if (sel && !/^\d+(:\d+)?$/.test(sel)) {
    const ids = sel.split(",");
    const known = new Set(envs.flatMap((env) => loadTaskBank(env).tasks.map((t) => t.id)));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      const elsewhere = unknown.map((id) => envOfId(id)).find((d) => d && !envs.includes(d.id));
      throw refuse(
        "tasks",
        elsewhere
          ? `${unknown.join(", ")} ${unknown.length === 1 ? "is a task" : "are tasks"} of ${elsewhere.id}, and this run covers ${envs.join(", ")}`
          : `no task ${unknown.join(", ")} in the ${envs.join(" or ")} bank (siturec tasks list shows the ids)`,
      );
    }
  }
  const episodes = envs.flatMap((env) => {
    const bank = loadTaskBank(env);
    return selectTasks(bank, config).map(({ task, position }) => ({
      env,
      task,
      position,
      profile: bank.profiles.find((p) => p.id === task.profileId)!,
    }));
  });
  if (!episodes.length) {
    const sizes = envs.map((env) => `${env} ${loadTaskBank(env).tasks.length}`).join(", ");
    if (config.subset !== undefined && sel)
      throw refuse("subset", `none of the tasks ${sel} is in subset ${config.subset}`);
    throw refuse("tasks", `selects no task: the banks hold ${sizes} tasks (positions from 0)`);
  }
  return episodes;
}

/** The browser that renders a run's views: its version and the WebGL renderer it reports. */
export interface BrowserIdentity {
  version: string;
  renderer: string;
}

/**
 * The parts of a run's identity: what decides its episodes (not concurrency, storage or caching).
 * The browser is one: another version or renderer may draw the views differently.
 */
export function identityParts(
  config: RunConfig,
  promptHash: string,
  ids: AgentIds,
  browser: BrowserIdentity,
): Record<string, unknown> {
  const banks = Object.fromEntries(
    envsOf(config).map((env) => [env, sha256(readFileSync(taskBankFile(env))).slice(0, 16)]),
  );
  return {
    config: {
      env: config.env,
      tasks: config.tasks ?? null,
      subset: config.subset ?? null,
      condition: config.condition,
      maxTurns: config.maxTurns,
      seed: config.seed,
      agents: { ...config.agents, ids },
      render: { width: config.render.width, height: config.render.height, quality: config.render.quality },
      structuredOutput: config.llm.structuredOutput,
      history: config.history,
      captions: config.captions,
      shopperMap: config.shopperMap,
      temperatures: playedTemperatures(config, ids),
    },
    prompts: promptHash,
    taskBanks: banks,
    codeVersion: codeVersion(),
    browser: { version: browser.version, renderer: browser.renderer },
  };
}

/** What differs between two identities, one `path: old → new` line per leaf. */
export function identityDifferences(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  prefix = "",
): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => {
    const x = a[key];
    const y = b[key];
    if (JSON.stringify(x) === JSON.stringify(y)) return [];
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x)) {
      return identityDifferences(
        x as Record<string, unknown>,
        y as Record<string, unknown>,
        `${prefix}${key}.`,
      );
    }
    return [`${prefix}${key}: ${JSON.stringify(x)} → ${JSON.stringify(y)}`];
  });
}

async function newRunId(identity: string, store: RunStore): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  let id = `${stamp}-${identity.slice(0, 6)}`;
  for (let n = 2; await store.getRun(id); n++) id = `${stamp}-${identity.slice(0, 6)}-${n}`;
  return id;
}

/** A run opened for playing: created, or resumed with its finished episodes' keys (`env/taskId`). */
export interface OpenedRun {
  runId: string;
  identity: string;
  /** Finished episodes a resume keeps (empty for a new run). */
  kept: Set<string>;
}

/**
 * Creates a run or, resuming, checks that the stored run belongs to the same benchmark and has the
 * same identity, and takes its lease; shared by every benchmark's runner.
 */
export async function openRun(
  store: RunStore,
  run: { benchmark?: Benchmark; config: unknown; parts: Record<string, unknown>; planned: number },
  opts: { resume?: string; runId?: string; owner: LeaseOwner },
): Promise<OpenedRun> {
  const identity = hashOf(run.parts).slice(0, 16);
  const benchmark = run.benchmark ?? DEFAULT_BENCHMARK;
  if (opts.resume) {
    const stored = await store.getRun(opts.resume);
    if (!stored)
      throw new RunIdentityError(`no run '${opts.resume}' in ${store.location}`, {
        exitCode: 2,
        hint: "'siturec runs' lists the runs there",
      });
    if (stored.benchmark !== benchmark)
      throw new RunIdentityError(`run ${stored.id} is a ${stored.benchmark} run, not a ${benchmark} one`, {
        exitCode: 2,
        hint: resumeHint(stored.benchmark, stored.id),
      });
    if (stored.identity !== identity) {
      const diff = identityDifferences(stored.identityParts, run.parts);
      throw new RunIdentityError(
        `run ${stored.id} was made with a different configuration, prompts, task bank, code or browser, so it cannot be resumed:\n  ${diff.join("\n  ")}`,
        { exitCode: 2, hint: "start a new run instead (drop --resume)" },
      );
    }
    // One process at a time: a second resume is refused while the first is alive.
    await store.acquireLease(stored.id, opts.owner);
    const kept = await store.finishedKeys(stored.id);
    await store.setRunStatus(stored.id, "running");
    return { runId: stored.id, identity, kept };
  }
  if (opts.runId && !/^[A-Za-z0-9._-]{1,64}$/.test(opts.runId))
    throw new RunIdentityError(`run id '${opts.runId}': use letters, digits, '.', '_' or '-' (at most 64)`, {
      exitCode: 2,
    });
  if (opts.runId && (await store.getRun(opts.runId)))
    throw new RunIdentityError(`a run named '${opts.runId}' already exists in ${store.location}`, {
      exitCode: 2,
      hint: `resume it with --resume ${opts.runId}, or pick another name`,
    });
  const runId = opts.runId ?? (await newRunId(identity, store));
  await store.createRun({
    id: runId,
    ...(run.benchmark && run.benchmark !== DEFAULT_BENCHMARK ? { benchmark: run.benchmark } : {}),
    identity,
    // Where the store is may be kept, its password never (a resume names the store again).
    config: redactUrlsDeep(run.config),
    identityParts: run.parts,
    planned: run.planned,
  });
  await store.acquireLease(runId, opts.owner);
  return { runId, identity, kept: new Set() };
}

/** How to resume a run of a benchmark from the command line. */
export function resumeHint(benchmark: Benchmark, runId: string): string {
  return benchmark === "customersim"
    ? `resume it with: siturec customersim run --resume ${runId}`
    : `resume it with: siturec run --resume ${runId}`;
}

/**
 * Selects the episodes, computes the run's identity, and either creates the run or, resuming,
 * checks that the stored run has the same identity and keeps its finished episodes.
 */
export async function planRun(
  store: RunStore,
  config: RunConfig,
  parts: Record<string, unknown>,
  opts: { resume?: string; runId?: string; owner: LeaseOwner },
): Promise<RunPlan> {
  const episodes = selectEpisodes(config);
  const { runId, identity, kept } = await openRun(store, { config, parts, planned: episodes.length }, opts);
  return {
    runId,
    identity,
    episodes,
    todo: episodes.filter((e) => !kept.has(`${e.env}/${e.task.id}`)),
    kept: kept.size,
  };
}
