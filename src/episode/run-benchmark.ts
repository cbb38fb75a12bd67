import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import { AgentFactory } from "../agents/registry.js";
import type { AssistantPolicy, Condition, ModeratorPolicy, ShopperPolicy } from "../agents/types.js";
import type { EnvId } from "../core/manifest.js";
import type { Task } from "../core/task.js";
import { hashOf } from "../llm/cache.js";
import { LlmClient } from "../llm/client.js";
import { RenderService } from "../render/render-service.js";
import { RunStore } from "../storage/run-store.js";
import { builtinTaskBankFile, loadTaskBank } from "../tasks/task-bank-file.js";
import { World } from "../world/world.js";
import { codeVersion } from "./code-version.js";
import { hashOnlyImages } from "./image-store.js";
import { envsOf, type RunConfig, roleId, roleTemperature, selectTasks } from "./run-config.js";
import { runEpisode } from "./run-episode.js";
import { type StoreSummary, summarize } from "./run-summary.js";
import { type EpisodeHeader, type EpisodeOutcome, totalUsage } from "./trajectory.js";

/** Makes each episode's policies; `AgentFactory` is the built-in one, a library user may bring their own. */
export interface Policies {
  readonly ids: { assistant: string; user: string; moderator: string };
  readonly usesModels: boolean;
  assistant(k: StoreKnowledge, condition: Condition, seed: number, task: Task): AssistantPolicy;
  shopper(k: StoreKnowledge, task: Task, seed: number): ShopperPolicy;
  moderator(k: StoreKnowledge, seed: number, task: Task): ModeratorPolicy;
}

export interface RunProgress {
  runId: string;
  done: number;
  total: number;
  successes: number;
  turns: number;
  errors: number;
  elapsedMs: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  last?: { env: EnvId; taskId: string; outcome: EpisodeOutcome };
}

/** One role played by your own policy (for library users): its id is recorded in the run's identity. */
export interface CustomRole<P> {
  id: string;
  /** A fresh policy per episode. */
  create: (k: StoreKnowledge, task: Task, seed: number) => P;
}

export interface RunOptions {
  /** Replace one role's policy with your own; the other roles come from the config. */
  assistant?: CustomRole<AssistantPolicy>;
  shopper?: CustomRole<ShopperPolicy>;
  moderator?: CustomRole<ModeratorPolicy>;
  /** Continue this run: finished episodes are kept, the rest (unfinished, errors) run again. */
  resume?: string;
  /** Name a new run (default: a timestamp and the identity's first characters). */
  runId?: string;
  policies?: Policies;
  prompts?: PromptSet;
  render?: RenderService;
  client?: LlmClient;
  onStart?: (info: { runId: string; total: number; kept: number; storeDir: string }) => void;
  onProgress?: (p: RunProgress) => void;
  /** Stop taking new episodes (episodes in flight finish). */
  signal?: AbortSignal;
}

export interface RunResult {
  runId: string;
  storeDir: string;
  status: "complete" | "incomplete";
  summaries: StoreSummary[];
  /** Timing of this invocation (not of earlier, resumed parts); `startupMs` is the part before the first episode. */
  timing: {
    wallMs: number;
    startupMs: number;
    renderMs: number;
    modelMs: number;
    episodes: number;
    turns: number;
  };
}

export class RunIdentityError extends Error {
  override readonly name = "RunIdentityError";
}

/** The parts of a run's identity: what decides its episodes (not concurrency, storage or caching). */
export function identityParts(
  config: RunConfig,
  prompts: PromptSet,
  ids: Policies["ids"],
): Record<string, unknown> {
  const banks = Object.fromEntries(
    envsOf(config).map((env) => [
      env,
      createHash("sha256")
        .update(readFileSync(builtinTaskBankFile(env)))
        .digest("hex")
        .slice(0, 16),
    ]),
  );
  return {
    config: {
      env: config.env,
      tasks: config.tasks ?? null,
      subset: config.subset ?? null,
      condition: config.condition,
      maxTurns: config.maxTurns,
      seed: config.seed,
      agents: {
        assistant: config.agents.assistant,
        user: config.agents.user,
        moderator: config.agents.moderator,
        ids,
      },
      render: { width: config.render.width, height: config.render.height },
    },
    prompts: prompts.hash,
    taskBanks: banks,
    codeVersion: codeVersion(),
  };
}

function differences(a: Record<string, unknown>, b: Record<string, unknown>, prefix = ""): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => {
    const x = a[key];
    const y = b[key];
    if (JSON.stringify(x) === JSON.stringify(y)) return [];
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x)) {
      return differences(x as Record<string, unknown>, y as Record<string, unknown>, `${prefix}${key}.`);
    }
    return [`${prefix}${key}: ${JSON.stringify(x)} → ${JSON.stringify(y)}`];
  });
}

function newRunId(identity: string, store: RunStore): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  let id = `${stamp}-${identity.slice(0, 6)}`;
  for (let n = 2; store.getRun(id); n++) id = `${stamp}-${identity.slice(0, 6)}-${n}`;
  return id;
}

/**
 * Runs a benchmark: every selected task of every selected store, `concurrency` episodes at once
 * sharing one render pool and one model client (so per-provider limits hold across episodes), each
 * turn committed to the run store as it completes.
 */
export async function runBenchmark(config: RunConfig, opts: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  const prompts = opts.prompts ?? builtinPrompts();
  const storeDir = config.storeDir;
  const store = new RunStore(storeDir);
  const client =
    opts.client ??
    new LlmClient({
      ...(config.llm.noCache
        ? { noCache: true }
        : { cacheDir: config.llm.cacheDir ?? join(storeDir, "cache") }),
      requestTimeoutMs: config.llm.timeoutMs,
      maxRetries: config.llm.maxRetries,
      concurrency: config.llm.concurrency,
      prices: config.llm.prices,
    });
  const basePolicies =
    opts.policies ??
    new AgentFactory(
      {
        assistant: roleId(config.agents.assistant),
        user: roleId(config.agents.user),
        moderator: roleId(config.agents.moderator),
      },
      {
        client,
        prompts,
        temperatures: {
          assistant: roleTemperature(config.agents.assistant),
          user: roleTemperature(config.agents.user),
          moderator: roleTemperature(config.agents.moderator),
        },
      },
    );
  const policies = withCustomRoles(basePolicies, opts);
  const parts = identityParts(config, prompts, policies.ids);
  const identity = hashOf(parts).slice(0, 16);

  const plan = envsOf(config).flatMap((env) => {
    const bank = loadTaskBank(env);
    return selectTasks(bank, config).map(({ task, position }) => ({
      env,
      task,
      position,
      profile: bank.profiles.find((p) => p.id === task.profileId)!,
    }));
  });

  let runId: string;
  let kept = new Set<string>();
  if (opts.resume) {
    const run = store.getRun(opts.resume);
    if (!run) {
      store.close();
      throw new RunIdentityError(
        `no run '${opts.resume}' in ${storeDir}; 'siturec runs' lists the runs there`,
      );
    }
    if (run.identity !== identity) {
      store.close();
      const diff = differences(run.identityParts, parts);
      throw new RunIdentityError(
        `run ${run.id} was made with a different configuration, prompts, task bank or code, so it cannot be resumed:\n  ${diff.join("\n  ")}\nStart a new run instead (drop --resume).`,
      );
    }
    runId = run.id;
    kept = store.finishedKeys(runId);
    store.setRunStatus(runId, "running");
  } else {
    if (opts.runId && !/^[A-Za-z0-9._-]{1,64}$/.test(opts.runId)) {
      store.close();
      throw new RunIdentityError(`run id '${opts.runId}': use letters, digits, '.', '_' or '-' (at most 64)`);
    }
    if (opts.runId && store.getRun(opts.runId)) {
      store.close();
      throw new RunIdentityError(
        `a run named '${opts.runId}' already exists in ${storeDir}; resume it with --resume ${opts.runId} or pick another name`,
      );
    }
    runId = opts.runId ?? newRunId(identity, store);
    store.createRun({ id: runId, identity, config, identityParts: parts, planned: plan.length });
  }
  const todo = plan.filter((e) => !kept.has(`${e.env}/${e.task.id}`));
  opts.onStart?.({ runId, total: plan.length, kept: kept.size, storeDir });

  // Rendering is CPU-bound (SwiftShader) unless there is a GPU: more pages than half the cores only add
  // memory, while more episodes than pages still help when the wait is on model calls.
  const pages =
    config.render.pages ?? Math.min(config.concurrency, Math.max(1, Math.floor(availableParallelism() / 2)));
  const render =
    opts.render ??
    (todo.length
      ? await RenderService.start({
          width: config.render.width,
          height: config.render.height,
          poolSize: pages,
        })
      : undefined);
  const knowledge = new Map<EnvId, StoreKnowledge>();
  for (const env of new Set(todo.map((e) => e.env))) knowledge.set(env, await StoreKnowledge.load(env));

  const progress: RunProgress = {
    runId,
    done: kept.size,
    total: plan.length,
    successes: 0,
    turns: 0,
    errors: 0,
    elapsedMs: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
  for (const row of store.episodes(runId)) {
    if (row.status !== "finished") continue;
    progress.successes += row.success ? 1 : 0;
    progress.turns += row.turns;
    progress.inputTokens += row.inputTokens;
    progress.outputTokens += row.outputTokens;
    progress.costUsd += row.costUsd;
  }
  const timing = { wallMs: 0, startupMs: 0, renderMs: 0, modelMs: 0, episodes: 0, turns: 0 };
  const common = {
    runId,
    identity,
    condition: config.condition,
    maxTurns: config.maxTurns,
    seed: config.seed,
    agents: policies.ids,
    promptHash: prompts.hash,
    codeVersion: codeVersion(),
    render: { width: config.render.width, height: config.render.height },
  };

  let next = 0;
  timing.startupMs = performance.now() - started;
  const worker = async () => {
    while (next < todo.length && !opts.signal?.aborted) {
      const e = todo[next++]!;
      const k = knowledge.get(e.env)!;
      const header: EpisodeHeader = { ...common, env: e.env, task: e.task, profile: e.profile };
      store.startEpisode(header, e.position);
      const world = await World.create(e.env, render!);
      const stats = { renderMs: 0, modelMs: 0 };
      const t = await runEpisode({
        header,
        world,
        knowledge: k,
        agents: {
          assistant: policies.assistant(k, config.condition, config.seed, e.task),
          shopper: policies.shopper(k, e.task, config.seed),
          moderator: policies.moderator(k, config.seed, e.task),
        },
        images: config.images ? store.images : hashOnlyImages,
        minimaps: policies.usesModels,
        stats,
        onTurn: (record, outcome) => store.writeTurn(header, record, outcome),
      });
      if (t.outcome.reason === "error") store.failEpisode(header, t.outcome);
      timing.renderMs += stats.renderMs;
      timing.modelMs += stats.modelMs;
      timing.episodes++;
      timing.turns += t.turns.length;
      progress.done++;
      progress.turns += t.turns.length;
      if (t.outcome.success) progress.successes++;
      if (t.outcome.reason === "error") progress.errors++;
      const u = totalUsage(t.outcome.usage);
      progress.inputTokens += u.inputTokens;
      progress.outputTokens += u.outputTokens;
      progress.costUsd += u.costUsd;
      progress.elapsedMs = performance.now() - started;
      progress.last = { env: e.env, taskId: e.task.id, outcome: t.outcome };
      opts.onProgress?.({ ...progress });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(config.concurrency, Math.max(1, todo.length)) }, worker));
  } finally {
    if (!opts.render) await render?.close();
  }
  const rows = store.episodes(runId);
  const complete = rows.length === plan.length && rows.every((r) => r.status === "finished");
  store.setRunStatus(runId, complete ? "complete" : "incomplete");
  const summaries = summarize(rows);
  store.close();
  timing.wallMs = performance.now() - started;
  return { runId, storeDir, status: complete ? "complete" : "incomplete", summaries, timing };
}

function withCustomRoles(base: Policies, opts: RunOptions): Policies {
  if (!opts.assistant && !opts.shopper && !opts.moderator) return base;
  const { assistant, shopper, moderator } = opts;
  return {
    ids: {
      assistant: assistant?.id ?? base.ids.assistant,
      user: shopper?.id ?? base.ids.user,
      moderator: moderator?.id ?? base.ids.moderator,
    },
    usesModels: base.usesModels,
    assistant: (k, condition, seed, task) =>
      assistant ? assistant.create(k, task, seed) : base.assistant(k, condition, seed, task),
    shopper: (k, task, seed) => (shopper ? shopper.create(k, task, seed) : base.shopper(k, task, seed)),
    moderator: (k, seed, task) =>
      moderator ? moderator.create(k, task, seed) : base.moderator(k, seed, task),
  };
}
