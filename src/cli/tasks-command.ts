import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import { DataFileError, readDataFile } from "../core/data-file.js";
import { SiturecError } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import { type Task, TaskBank } from "../core/task.js";
import { loadEnvData } from "../envs/env-data.js";
import { envSelectorHelp, expandEnvSelector } from "../envs/env-selector.js";
import { envIds, envOfId, hasEnv } from "../envs/registry.js";
import { money } from "../tasks/build-goal.js";
import { checkTaskBank, formatTaskProblem } from "../tasks/conflict-check.js";
import { HUMAN_EVAL_ENV, humanEvalAssignments, SPLIT_SEED } from "../tasks/subsets.js";
import {
  generateBuiltinTaskBank,
  loadTaskBank,
  serializeTaskBank,
  taskBankFile,
} from "../tasks/task-bank-file.js";
import type { CliIo } from "./io.js";
import { formatTable } from "./table.js";

/** A store or a seeded variant of one (`supermarket@7`). */
export function parseEnv(value: string): EnvId {
  if (!hasEnv(value)) throw new InvalidArgumentError(`expected ${envHelp()}`);
  return value;
}

/** What `--env` takes where it names one store: a store or a seeded variant of one. */
export function envHelp(): string {
  return `a store (${envIds().join(", ")}) or a seeded variant of one such as ${envIds()[0]}@7`;
}

/** The stores an `--env` selector names: a store, a variant, all, held-out or held-out:STORE. */
export function parseEnvSelector(value: string): EnvId[] {
  const envs = expandEnvSelector(value);
  if (!envs) throw new InvalidArgumentError(`expected ${envSelectorHelp()}`);
  return envs;
}

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError("expected an integer");
  return Number(value);
}

/** The fields of a task that `tasks list --json` promises. */
export function taskSummary(task: Task) {
  return {
    id: task.id,
    env: task.env,
    profileId: task.profileId,
    theme: task.goal.theme,
    request: task.goal.request,
    targetProductId: task.goal.target.product,
    targetPrice: task.goal.target.price,
    budget: task.goal.budget.amount,
    budgetTier: task.goal.budget.tier,
    referenceItems: task.referenceItems,
    subset: task.subset,
  };
}

/**
 * A task by id: in the given store's bank, or else in the bank of the built-in store its prefix names
 * (a variant's tasks reuse their store's ids, so only `--env` reaches them).
 */
function findTask(id: string, env?: EnvId): Task {
  const store = env ?? envOfId(id)?.id;
  const task = store ? loadTaskBank(store).tasks.find((t) => t.id === id) : undefined;
  if (task) return task;
  if (!store)
    throw new SiturecError(`no task '${id}': no store's task ids start with '${id.split("-")[0]}-'`, {
      hint: "`siturec tasks list` lists the ids",
    });
  throw new SiturecError(`no task '${id}' in the ${store} bank`, {
    hint: `\`siturec tasks list --env ${store}\` lists its ids${env ? "" : "; a variant's tasks need --env STORE@SEED"}`,
  });
}

function describeTask(task: Task): string {
  const bank = loadTaskBank(task.env);
  const profile = bank.profiles.find((p) => p.id === task.profileId)!;
  const products = new Map(loadEnvData(task.env).catalog.products.map((p) => [p.id, p]));
  const name = (id: string) => {
    const p = products.get(id);
    return p ? `${id}  ${p.brand} ${p.name} (${money(p.price)})` : id;
  };
  const { goal } = task;
  const d = profile.demographics;
  const lines = [
    `${task.id} · ${task.env} · subset ${task.subset} · theme ${goal.theme}`,
    "",
    `Shopper ${profile.id}: ${profile.persona.name}`,
    `  ${profile.persona.background}`,
    `  ${d.gender}, ${d.ageGroup}, ${d.employment} (${d.occupation}); ${d.household}, ${d.housing}, ${d.transport}; ${d.storage}`,
    `  Big Five: ${Object.entries(profile.personality)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    `  Interaction: ${Object.entries(profile.interaction)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    "",
    `Request: "${goal.request}"`,
    `Need: ${goal.need.noun} ${goal.need.use} [${goal.need.family}: ${goal.need.categories.join(", ")}]`,
    `Preferences: ${goal.preferences.summary}`,
    `Budget: ${money(goal.budget.amount)} (${goal.budget.tier}, rounded to ${money(goal.budget.increment)})`,
    `Target: ${name(goal.target.product)}`,
    `Disclosure: ${goal.disclosure.text}`,
    `Acceptance: ${goal.acceptance.text}`,
    "",
    `Reference items (${task.referenceItems.length}):`,
    ...task.referenceItems.map((id) => `  ${name(id)}`),
  ];
  return `${lines.join("\n")}\n`;
}

export function registerTasks(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const tasks = program.command("tasks").description("the shopper profiles and task banks");
  registerList(tasks, io);
  registerShow(tasks, io);
  registerValidate(tasks, io, setExit);
  registerGenerate(tasks, io, setExit);
  registerHumanEval(tasks, io);
}

function registerList(tasks: Command, io: CliIo): void {
  tasks
    .command("list")
    .description("list the tasks of a store's bank (or of several: all, held-out)")
    .option(
      "--env <env>",
      "a store, a variant STORE@SEED, all, held-out or held-out:STORE (default: all)",
      parseEnvSelector,
    )
    .option("--json", "print JSON")
    .action((opts: { env?: EnvId[]; json?: boolean }) => {
      const envs = opts.env ?? envIds();
      const list = envs.flatMap((env) => loadTaskBank(env).tasks);
      // Variants reuse their store's task ids: a list of several names each task's store.
      const stores = envs.length > 1 && envs.some((env) => !envIds().includes(env));
      io.out(opts.json ? `${JSON.stringify({ tasks: list.map(taskSummary) })}\n` : taskTable(list, stores));
    });
}

/** The `tasks list` table; with `stores`, a first column names each task's store. */
export function taskTable(list: readonly Task[], stores = false): string {
  return formatTable(
    [
      ...(stores ? ["store"] : []),
      "task",
      "subset",
      "theme",
      "target",
      "price",
      "budget",
      "tier",
      "refs",
      "request",
    ],
    list.map((t) => [
      ...(stores ? [t.env] : []),
      t.id,
      t.subset,
      t.goal.theme,
      t.goal.target.product,
      money(t.goal.target.price),
      money(t.goal.budget.amount),
      t.goal.budget.tier,
      t.referenceItems.length,
      t.goal.request,
    ]),
  );
}

function registerShow(tasks: Command, io: CliIo): void {
  tasks
    .command("show")
    .description("show one task: its shopper, goal, budget and reference items")
    .argument("<id>", "a task id such as sm-07.2")
    .option(
      "--env <store>",
      "the store or variant whose bank holds it (default: the store its prefix names)",
      parseEnv,
    )
    .option("--json", "print the task and its profile as JSON")
    .action((id: string, opts: { env?: EnvId; json?: boolean }) => {
      const task = findTask(id, opts.env);
      if (opts.json) {
        const profile = loadTaskBank(task.env).profiles.find((p) => p.id === task.profileId);
        io.out(`${JSON.stringify({ task, profile })}\n`);
        return;
      }
      io.out(describeTask(task));
    });
}

function registerValidate(tasks: Command, io: CliIo, setExit: (code: number) => void): void {
  tasks
    .command("validate")
    .description("check a task bank (default: both built-in banks): schema and conflict check")
    .argument("[file]", "a task-bank JSON file")
    .action((file?: string) => {
      const targets = file ? [file] : envIds().map(taskBankFile);
      let failed = false;
      for (const path of targets) if (!validateBank(path, io)) failed = true;
      if (failed) setExit(1);
    });
}

/** Checks the task bank at `path` (its schema, then conflicts) and says so; false if it fails. */
function validateBank(path: string, io: CliIo): boolean {
  let bank: TaskBank;
  try {
    bank = readDataFile(path, TaskBank);
  } catch (err) {
    if (!(err instanceof DataFileError)) throw err;
    io.err(`FAIL  ${path}\n${err.message.replace(/^/gm, "  ")}\n`);
    return false;
  }
  const problems = checkTaskBank(bank, loadEnvData(bank.env));
  if (problems.length) {
    io.err(`FAIL  ${path}: ${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
    for (const p of problems) io.err(`  ${formatTaskProblem(p)}\n`);
    return false;
  }
  io.out(
    `ok    ${bank.env}: ${bank.profiles.length} profiles, ${bank.tasks.length} tasks (seed ${bank.seed})\n`,
  );
  return true;
}

function registerGenerate(tasks: Command, io: CliIo, setExit: (code: number) => void): void {
  tasks
    .command("generate")
    .description("build a store's task bank from its roles and catalog (seeded)")
    .requiredOption("--env <env>", envHelp(), parseEnv)
    .option("--seed <n>", "random seed (default: the checked-in bank's seed)", parseInteger)
    .option("--out <file>", "where to write the bank")
    .option("--check", "regenerate with the checked-in bank's seed; exit 0 only if byte-identical")
    .action((opts: { env: EnvId; seed?: number; out?: string; check?: boolean }) => {
      if (opts.check) {
        checkGeneratedBank(opts.env, io, setExit);
        return;
      }
      if (!opts.out) throw new SiturecError("give --out FILE (or --check)", { exitCode: 2 });
      const bank = generateBuiltinTaskBank(opts.env, opts.seed);
      writeFileSync(opts.out, serializeTaskBank(bank));
      io.out(
        `wrote ${opts.out}: ${bank.profiles.length} profiles, ${bank.tasks.length} tasks (seed ${bank.seed})\n`,
      );
    });
}

/** Whether the checked-in bank of `env` regenerates byte for byte from its own seed (exit 1 if not). */
function checkGeneratedBank(env: EnvId, io: CliIo, setExit: (code: number) => void): void {
  const file = taskBankFile(env);
  const onDisk = readFileSync(file, "utf8");
  const seed = (JSON.parse(onDisk) as { seed: number }).seed;
  const fresh = serializeTaskBank(generateBuiltinTaskBank(env, seed));
  if (fresh === onDisk) io.out(`ok    ${env}: the bank regenerates byte for byte with seed ${seed}\n`);
  else {
    io.err(
      `FAIL  ${env}: ${file} differs from what seed ${seed} generates; run \`siturec tasks generate --env ${env} --out ${file}\`\n`,
    );
    setExit(1);
  }
}

function registerHumanEval(tasks: Command, io: CliIo): void {
  tasks
    .command("human-eval")
    .description(
      "the human-evaluation sample: five supermarket tasks, each to two participants (Appendix C.2)",
    )
    .option("--seed <n>", "sampling seed", parseInteger, SPLIT_SEED)
    .option("--json", "print JSON")
    .action((opts: { seed: number; json?: boolean }) => {
      const assignments = humanEvalAssignments(loadTaskBank(HUMAN_EVAL_ENV), opts.seed);
      if (opts.json) {
        io.out(`${JSON.stringify({ seed: opts.seed, assignments })}\n`);
        return;
      }
      io.out(
        formatTable(
          ["participant", "first task", "second task"],
          assignments.map((a) => [a.participant, ...a.tasks]),
        ),
      );
    });
}
