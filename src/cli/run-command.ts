import type { Command } from "commander";
import { InvalidArgumentError, Option } from "commander";
import { looksLikeModelId, POLICY_ROLES, type PolicyRole } from "../agents/role-registry.js";
import { ConditionId } from "../core/dialogue.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { envSelectorHelp } from "../envs/env-selector.js";
import { RunIdentityError, resumeHint } from "../runner/plan.js";
import { type RunOptions, type RunProgress, type RunResult, runBenchmark } from "../runner/run-benchmark.js";
import {
  ConfigError,
  historyImagesText,
  parseRunConfig,
  playedTemperatures,
  RunConfig,
  readConfigFile,
  roleId,
} from "../runner/run-config.js";
import type { StoreSummary } from "../runner/run-summary.js";
import { openRunStore } from "../storage/open-run-store.js";
import { StorageError } from "../storage/storage-error.js";
import { defaultStore } from "./default-store.js";
import { estimateRun, estimateText } from "./estimate.js";
import { failureLines } from "./failure-lines.js";
import type { CliIo } from "./io.js";
import { ProgressReporter } from "./progress-bar.js";
import { FLAG_OF_FIELD, parseMaxOutputTokens, withMaxOutputTokens } from "./run-flags.js";
import { queueTroubleLines, resumeCommand, runTarget } from "./run-target.js";
import { cacheTotals } from "./runs-command.js";
import { withStopSignals } from "./stop-signals.js";
import { formatTable } from "./table.js";
import { parseInteger } from "./tasks-command.js";

interface RunFlags {
  env?: string;
  assistant?: string;
  shopper?: string;
  /** `--user`, the shopper's other name on the command line. */
  user?: string;
  moderator?: string;
  tasks?: string;
  subset?: string;
  condition?: string;
  concurrency?: number;
  maxTurns?: number;
  seed?: number;
  config?: string;
  resume?: string;
  runId?: string;
  cache?: boolean;
  quiet?: boolean;
  progress?: string;
  out?: string;
  store?: string;
  queue?: string;
  detach?: boolean;
  queueConcurrency?: number;
  images?: boolean;
  preflight?: boolean;
  maxCost?: number;
  estimate?: boolean;
  json?: boolean;
  estimateSample?: number;
  temperature?: Partial<Record<PolicyRole, number>>;
  maxOutputTokens?: Partial<Record<PolicyRole, number>>;
  historyImages?: string;
  shopperMap?: boolean;
}

/** `--temperature ROLE=T`, repeatable: each role's sampling temperature (0–2). */
export function parseTemperature(
  value: string,
  previous: Partial<Record<PolicyRole, number>> = {},
): Partial<Record<PolicyRole, number>> {
  const [role, t] = value.split("=");
  const n = Number(t);
  if (!POLICY_ROLES.includes(role as PolicyRole) || !t?.trim() || !Number.isFinite(n) || n < 0 || n > 2)
    throw new InvalidArgumentError(
      `'${value}' is not ROLE=T (a role of ${POLICY_ROLES.join(", ")}, a temperature from 0 to 2, e.g. shopper=0.7)`,
    );
  return { ...previous, [role as PolicyRole]: n };
}

/**
 * The config with `--temperature`'s roles given theirs. Only a model samples, so a temperature for a
 * built-in policy (reference, rule) is refused rather than ignored.
 */
function withTemperatures(config: RunConfig, temps: RunFlags["temperature"]): RunConfig {
  const agents = { ...config.agents };
  for (const [role, temperature] of Object.entries(temps ?? {}) as [PolicyRole, number][]) {
    const id = roleId(agents[role]);
    if (!looksLikeModelId(id))
      throw new ConfigError(`--temperature ${role}=${temperature}: the ${role} is '${id}', not a model`, {
        exitCode: 2,
        field: `agents.${role}`,
        hint: "only model-backed roles sample; built-in policies take no temperature",
      });
    agents[role] = { ...(typeof agents[role] === "string" ? {} : agents[role]), id, temperature };
  }
  return { ...config, agents };
}

/** A non-negative amount of USD. */
export function parseUsd(value: string): number {
  const n = Number(value.replace(/^\$/, ""));
  if (!value.trim() || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError(`'${value}' is not an amount of USD (e.g. 25 or 2.50)`);
  return n;
}

/** Flags given on the command line, as config fields (they override the config file, per field). */
function flagConfig(f: RunFlags): Record<string, unknown> {
  const agents: Record<string, string> = {};
  if (f.assistant) agents.assistant = f.assistant;
  if (f.shopper ?? f.user) agents.shopper = (f.shopper ?? f.user)!;
  if (f.moderator) agents.moderator = f.moderator;
  return {
    ...(f.env ? { env: f.env } : {}),
    ...(f.tasks ? { tasks: f.tasks } : {}),
    ...(f.subset ? { subset: f.subset } : {}),
    ...(f.condition ? { condition: f.condition } : {}),
    ...(f.concurrency !== undefined ? { concurrency: f.concurrency } : {}),
    ...(f.queueConcurrency !== undefined ? { queueConcurrency: f.queueConcurrency } : {}),
    ...(f.maxTurns !== undefined ? { maxTurns: f.maxTurns } : {}),
    ...(f.seed !== undefined ? { seed: f.seed } : {}),
    ...(f.out ? { storeDir: f.out } : {}),
    ...(f.images === false ? { images: false } : {}),
    ...(f.historyImages !== undefined ? { history: { images: f.historyImages } } : {}),
    ...(f.shopperMap ? { shopperMap: true } : {}),
    ...(Object.keys(agents).length ? { agents } : {}),
    ...(f.cache === false ? { llm: { noCache: true } } : {}),
  };
}

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      b && typeof b === "object" && !Array.isArray(b) && v && typeof v === "object" && !Array.isArray(v)
        ? merge(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

export function summaryTable(summaries: StoreSummary[]): string {
  return formatTable(
    [
      "store",
      "episodes",
      "SR",
      "mean turns",
      "recs",
      "reasons",
      "format",
      "tokens",
      "cached",
      "cost",
      "cache saved",
    ],
    summaries.map((s) => [
      s.env,
      s.finished === s.episodes ? String(s.episodes) : `${s.finished}/${s.episodes}`,
      pct(s.successRate),
      s.meanTurns.toFixed(1),
      s.meanRecommendations.toFixed(2),
      Object.entries(s.reasons)
        .sort((a, b) => b[1] - a[1])
        .map(([r, n]) => `${r} ${n}`)
        .join(", "),
      s.formatErrors || s.formatWarnings ? `${s.formatErrors} err, ${s.formatWarnings} warn` : "-",
      String(s.inputTokens + s.outputTokens),
      s.cachedInputTokens
        ? `${s.cachedInputTokens} (${pct(s.cachedInputTokens / Math.max(1, s.inputTokens))})`
        : "-",
      `$${s.costUsd.toFixed(4)}`,
      s.cachedInputTokens || s.cacheWriteTokens ? `$${s.cacheSavingUsd.toFixed(4)}` : "-",
    ]),
  );
}
/** Where `run` writes, sets the exit code and asks whether stderr is a terminal. */
interface RunCommandIo {
  io: CliIo;
  setExit: (code: number) => void;
  isTty: () => boolean;
}

export function registerRun(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  isTty: () => boolean,
): void {
  const run = program
    .command("run")
    .description(
      "run SituRecBench episodes (default: both stores, all tasks, the built-in reference assistant with the rule-based shopper and moderator)",
    );
  addEpisodeOptions(run);
  addRunControlOptions(run);
  run.action((flags: RunFlags) => runAction(flags, { io, setExit, isTty }));
}

/** Which episodes, played by whom and how (the fields of a run's config, and its config file). */
function addEpisodeOptions(run: Command): void {
  run
    .addOption(new Option("--env <env>", envSelectorHelp()))
    .option(
      "--assistant <id>",
      "assistant: reference (or a degraded one: reference-random-ranking, reference-no-guidance, reference-blind), or a model id such as openai:gpt-4o",
    )
    .option("--shopper <id>", "shopper simulator: rule, or a model id")
    .option("--user <id>", "another name for --shopper")
    .option("--moderator <id>", "moderator: rule, or a model id")
    .option("--tasks <sel>", "task positions FROM:TO (e.g. 0:25) or ids (sm-01.1,sm-02.3)")
    .option("--subset <sel>", "profile-stratified subsets, e.g. 0-3, 1 or 0,2")
    .addOption(new Option("--condition <c>", "assistant context condition").choices(ConditionId.options))
    .option("--concurrency <n>", "episodes at once", parseInteger)
    .option("--max-turns <n>", "turn limit", parseInteger)
    .option("--seed <n>", "seed of the seeded policies", parseInteger)
    .option(
      "--temperature <role=t>",
      "a model-backed role's sampling temperature, repeatable (default assistant=0, shopper=0.7, moderator=0)",
      parseTemperature,
    )
    .option(
      "--max-output-tokens <role=n>",
      "a model-backed role's output-token limit, repeatable (default assistant=1500, shopper=1000, moderator=400)",
      parseMaxOutputTokens,
    )
    .option(
      "--history-images <k>",
      "earlier views a full-condition assistant gets: none, last-K (or K) or all (default last-3)",
    )
    .option("--shopper-map", "give the shopper the store map too (the paper gives it to the assistant only)")
    .option("--config <file>", "YAML or JSON config (flags override it)");
}

/** Where the run goes, who plays it, how it is named, resumed, budgeted, estimated and followed. */
function addRunControlOptions(run: Command): void {
  run
    .option("--resume <runId>", "continue a run: keep finished episodes, redo the rest")
    .option("--run-id <name>", "name a new run (default: timestamp and identity)")
    .option("--out <dir>", "run store folder (default ./siturec-runs)")
    .option(
      "--store <url>",
      "the run store: a folder, or postgres://USER@HOST/DB (default SITUREC_STORE_URL, else --out's default)",
    )
    .option(
      "--queue <url>",
      "play the episodes on queue workers (siturec worker) through Redis at this URL (default SITUREC_QUEUE_URL)",
    )
    .option("--detach", "with --queue: enqueue the episodes and return; the workers finish the run")
    .option(
      "--queue-concurrency <n>",
      "with --queue: at most N of the run's episodes at once across all workers (default: as many as they take)",
      parseInteger,
    )
    .option("--no-cache", "neither read nor write the model response cache")
    .option("--no-images", "do not store turn images (trajectories keep their hashes)")
    .option("--no-preflight", "skip the one-call check of each model (e.g. to replay a run from the cache)")
    .option(
      "--max-cost <usd>",
      "stop starting episodes once the run's recorded spend reaches this many USD (in-flight ones finish; resume with a higher limit)",
      parseUsd,
    )
    .option("--estimate", "plan the run and print what it would cost, without running it (no model call)")
    .option(
      "--estimate-sample <n>",
      "episodes whose first two turns --estimate builds (default 8)",
      parseInteger,
    )
    .option("--json", "with --estimate: print the estimate as JSON")
    .option("--quiet", "no progress output")
    .addOption(new Option("--progress <format>", "progress as JSON lines on stdout").choices(["jsonl"]));
}

async function runAction(flags: RunFlags, cx: RunCommandIo): Promise<void> {
  if (flags.shopper && flags.user && flags.shopper !== flags.user)
    throw new ConfigError("--user is another name for --shopper; give one of them", { exitCode: 2 });
  const target = runTarget(flags, flags.config ? readConfigFile(flags.config) : {});
  if (target.store) flags.out = target.store;
  if (target.queue) flags.queue = target.queue;
  if (flags.detach && !target.queue)
    throw new ConfigError("--detach goes with --queue (a run in this process cannot detach)", {
      exitCode: 2,
    });
  // A resume without a config continues with the run's own configuration.
  const base = flags.resume && !flags.config ? await resumedConfig(flags.resume, flags.out) : target.file;
  checkFlags(flags);
  const config = withMaxOutputTokens(
    withTemperatures(
      parseRunConfig(merge(base, flagConfig(flags)), flags.config ?? "command line"),
      flags.temperature,
    ),
    flags.maxOutputTokens,
  );
  if (flags.json && !flags.estimate)
    throw new ConfigError("--json goes with --estimate (a run's progress as JSON: --progress jsonl)", {
      exitCode: 2,
    });
  if (flags.estimate) {
    const estimate = await estimateRun(config, {
      ...(flags.resume ? { resume: flags.resume } : {}),
      ...(flags.estimateSample !== undefined ? { sample: flags.estimateSample } : {}),
    });
    cx.io.out(flags.json ? `${JSON.stringify(estimate, null, 2)}\n` : estimateText(estimate, flags.maxCost));
    return;
  }
  await playRun(config, flags, target.queue, cx);
}

/** The configuration of the SituRecBench run `runId` of the store at `out` (default: the default store). */
async function resumedConfig(runId: string, out: string | undefined): Promise<Record<string, unknown>> {
  const store = openRunStore(out ?? defaultStore(), { readonly: true });
  const run = await store.getRun(runId).finally(() => store.close());
  if (!run)
    throw new RunIdentityError(`no run '${runId}' in ${store.location}`, {
      exitCode: 2,
      hint: "'siturec runs' lists the runs there",
    });
  if (run.benchmark !== "situ-rec")
    throw new RunIdentityError(`run ${run.id} is a ${run.benchmark} run, not a SituRecBench one`, {
      exitCode: 2,
      hint: resumeHint(run.benchmark, run.id),
    });
  return run.config as Record<string, unknown>;
}

/** The flags alone first, so that a bad one is named as the user typed it (`--max-turns: …`). */
function checkFlags(flags: RunFlags): void {
  const fromFlags = RunConfig.safeParse(flagConfig(flags));
  if (!fromFlags.success)
    throw new ConfigError(
      formatZodIssues(fromFlags.error, {
        max: 3,
        separator: "\n",
        label: (path) => (path && FLAG_OF_FIELD[path]) || path || "(flags)",
      }),
      { exitCode: 2, hint: "siturec run --help lists the flags and their values" },
    );
}

/** The command that continues run `runId` in the store `--out` names, on the queue it used. */
const continueWith = (runId: string, flags: RunFlags) =>
  resumeCommand("siturec run", runId, {
    ...(flags.out ? { store: flags.out } : {}),
    ...(flags.queue ? { queue: flags.queue } : {}),
  });

async function playRun(
  config: RunConfig,
  flags: RunFlags,
  queue: string | undefined,
  cx: RunCommandIo,
): Promise<void> {
  const { io } = cx;
  const jsonl = flags.progress === "jsonl";
  const reporter = new ProgressReporter(io.err, cx.isTty());
  const controller = new AbortController();
  let runId = "";
  const onFirstSignal = (signal: NodeJS.Signals) =>
    io.err(
      `\nstopping after the episodes in flight (${signal} again stops now); resume with: ${continueWith(runId, flags)}\n`,
    );
  await withStopSignals(controller, onFirstSignal, async () => {
    try {
      const result = await runBenchmark(config, {
        ...(flags.resume ? { resume: flags.resume } : {}),
        ...(flags.runId ? { runId: flags.runId } : {}),
        signal: controller.signal,
        preflight: flags.preflight !== false,
        ...(flags.maxCost !== undefined ? { maxCostUsd: flags.maxCost } : {}),
        ...(queue ? { queue, ...(flags.detach ? { detach: true } : {}) } : {}),
        ...progressCallbacks(flags, reporter, io, (id) => {
          runId = id;
        }),
      });
      if (jsonl)
        io.out(
          `${JSON.stringify({ event: "done", runId: result.runId, status: result.status, agents: result.agents, temperatures: playedTemperatures(config, result.agents), summaries: result.summaries })}\n`,
        );
      else if (result.status === "detached") {
        io.out(
          `\nrun ${result.runId}: its episodes are on the queue; workers (siturec worker) play them. Follow it with: siturec runs --store ${flags.out ?? defaultStore()}\n`,
        );
        return;
      } else printResult(result, config, flags, io);
      if (result.status !== "complete") cx.setExit(result.status === "interrupted" ? 130 : 1);
    } catch (err) {
      // The store failed under a started run (a full disk): its finished episodes are safe.
      if (runId && err instanceof StorageError)
        io.err(`\nrun ${runId} stopped; once that is fixed, resume with: ${continueWith(runId, flags)}\n`);
      throw err;
    }
  });
}

/** The run's start, retries and episodes: JSON lines on stdout with `--progress jsonl`, else the progress bar. */
function progressCallbacks(
  flags: RunFlags,
  reporter: ProgressReporter,
  io: CliIo,
  onRunId: (runId: string) => void,
): Pick<RunOptions, "onStart" | "onRetry" | "onProgress"> {
  const jsonl = flags.progress === "jsonl";
  return {
    onStart: (info) => {
      onRunId(info.runId);
      reporter.start(info.kept);
      const kept = info.kept ? ` (${info.kept} finished episodes kept)` : "";
      if (jsonl) io.out(`${JSON.stringify({ event: "start", ...info })}\n`);
      else if (!flags.quiet) io.err(`run ${info.runId}: ${info.total} episodes${kept} → ${info.storeDir}\n`);
    },
    onRetry: (r) => {
      if (jsonl) io.out(`${JSON.stringify({ event: "retry", ...r })}\n`);
      else if (!flags.quiet) reporter.retry(r.model, r.attempt, r.maxAttempts, r.reason, r.waitMs);
    },
    onProgress: (p: RunProgress) => {
      if (jsonl) {
        const { last, ...rest } = p;
        io.out(
          `${JSON.stringify({ event: "episode", ...rest, ...(last ? { env: last.env, taskId: last.taskId, reason: last.outcome.reason, turns: last.outcome.turns, ...(last.outcome.error ? { error: last.outcome.error } : {}) } : {}) })}\n`,
        );
      } else if (!flags.quiet) reporter.update(p);
    },
  };
}

/**
 * The roles and what they were given: each role's policy (with its temperature when a model plays
 * it), the earlier views an assistant gets, and whether the shopper had the map.
 */
export function rolesLine(agents: RunResult["agents"], config: RunConfig): string {
  const t = playedTemperatures(config, agents);
  const role = (r: PolicyRole) => `${r} ${agents[r]}${t[r] !== undefined ? ` (temperature ${t[r]})` : ""}`;
  return `${POLICY_ROLES.map(role).join(" · ")}\nhistory images ${historyImagesText(config.history.images)} · shopper map ${config.shopperMap ? "on" : "off"}`;
}

/** A finished (or stopped) run in this process: its summary per store, spend and what to do next. */
function printResult(result: RunResult, config: RunConfig, flags: RunFlags, io: CliIo): void {
  io.out(
    `\nrun ${result.runId} (${result.status}) in ${(result.timing.wallMs / 1000).toFixed(1)} s · ${rolesLine(result.agents, config)}\n`,
  );
  io.out(summaryTable(result.summaries));
  for (const s of result.summaries) io.out(failureLines(`why ${s.env} episodes failed:`, s.errorMessages));
  printSpent(result.spent, io);
  io.out(queueTroubleLines(result, "episodes"));
  if (result.status === "budget_exhausted")
    io.out(
      `\nthe run's recorded spend ($${result.spentUsd.toFixed(4)}) reached --max-cost $${flags.maxCost}; no new episode was started. Continue with a higher limit: ${continueWith(result.runId, flags)} --max-cost AMOUNT\n`,
    );
  else if (result.status !== "complete") io.out(`\nresume with: ${continueWith(result.runId, flags)}\n`);
}

/** What the run's model calls cost, by role and model, and what the providers' prompt caches saved. */
function printSpent(spent: RunResult["spent"], io: CliIo): void {
  const calls = spent.reduce((n, r) => n + r.calls, 0);
  if (!calls) return;
  const cached = spent.reduce((n, r) => n + r.cachedCalls, 0);
  const paid = spent.reduce((s, r) => s + r.costUsd, 0);
  io.out(
    `spent $${paid.toFixed(4)} on ${calls - cached} model calls (${cached} from the cache), failed and restarted episodes included: ${spent.map((r) => `${r.role} ${r.model} $${r.costUsd.toFixed(4)}`).join(", ")}\n`,
  );
  const t = cacheTotals(spent);
  if (t.cachedInputTokens || t.cacheWriteTokens)
    io.out(
      `input tokens: ${t.uncachedInputTokens} uncached, ${t.cachedInputTokens} read from the providers' prompt caches${t.cacheWriteTokens ? `, ${t.cacheWriteTokens} written to them` : ""}; the caches saved $${t.cacheSavingUsd.toFixed(4)}\n`,
    );
}
