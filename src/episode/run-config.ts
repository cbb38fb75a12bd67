import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { checkAgentId } from "../agents/registry.js";
import type { EnvId } from "../core/manifest.js";
import type { Task, TaskBank } from "../core/task.js";
import { ENV_IDS } from "../envs/env-data.js";
import { PriceTable } from "../llm/prices.js";
import { ConditionId } from "./trajectory.js";

/** A role: an agent id (`reference`, `rule`, or a model id), optionally with its sampling temperature. */
export const AgentSpec = z.union([
  z.string().min(1),
  z.object({ id: z.string().min(1), temperature: z.number().min(0).max(2).optional() }).strict(),
]);
export type AgentSpec = z.infer<typeof AgentSpec>;

export const TaskSelection = z
  .string()
  .regex(
    /^(\d+:\d+|\d+|[a-z]{2}-\d{2}\.[1-9](,[a-z]{2}-\d{2}\.[1-9])*)$/,
    "a range FROM:TO of task positions (e.g. 0:25) or task ids (sm-01.1,hf-02.3)",
  );

export const SubsetSelection = z
  .string()
  .regex(/^[0-3](-[0-3])?(,[0-3](-[0-3])?)*$/, "subsets 0–3: one (2), a range (0-3) or a list (0,2)");

/** Everything a run can be told, from flags or a YAML/JSON config file (validated here). */
export const RunConfig = z
  .object({
    env: z.enum(["supermarket", "home-furnishings", "all"]).default("all"),
    tasks: TaskSelection.optional(),
    subset: SubsetSelection.optional(),
    condition: ConditionId.default("full"),
    maxTurns: z.number().int().min(1).max(100).default(20),
    seed: z.number().int().min(0).default(0),
    agents: z
      .object({
        assistant: AgentSpec.default("reference"),
        user: AgentSpec.default("rule"),
        moderator: AgentSpec.default("rule"),
      })
      .strict()
      .default({ assistant: "reference", user: "rule", moderator: "rule" }),
    concurrency: z.number().int().min(1).max(64).default(2),
    storeDir: z.string().min(1).default("siturec-runs"),
    images: z.boolean().default(true).describe("store each turn's annotated views"),
    render: z
      .object({
        width: z.number().int().min(160).max(1920).default(640),
        height: z.number().int().min(120).max(1080).default(480),
        pages: z
          .number()
          .int()
          .min(1)
          .max(64)
          .optional()
          .describe("render pages per store (default: half the cores, at most the concurrency)"),
      })
      .strict()
      .default({ width: 640, height: 480 }),
    llm: z
      .object({
        cacheDir: z.string().min(1).optional(),
        noCache: z.boolean().default(false),
        timeoutMs: z.number().int().positive().default(120_000),
        maxRetries: z.number().int().min(0).max(10).default(4),
        concurrency: z.number().int().min(1).max(256).default(8),
        prices: PriceTable.default({}),
      })
      .strict()
      .default({ noCache: false, timeoutMs: 120_000, maxRetries: 4, concurrency: 8, prices: {} }),
  })
  .strict();
export type RunConfig = z.infer<typeof RunConfig>;
export type RunConfigInput = z.input<typeof RunConfig>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function describe(error: z.ZodError, where: string): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${where}: ${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`)
    .join("\n");
}

/** Validates a configuration (merged from a file and flags); errors name the bad field. */
export function parseRunConfig(input: unknown, where = "config"): RunConfig {
  const parsed = RunConfig.safeParse(input);
  if (!parsed.success) throw new ConfigError(describe(parsed.error, where));
  const config = parsed.data;
  for (const role of ["assistant", "user", "moderator"] as const) {
    try {
      checkAgentId(role, roleId(config.agents[role]));
    } catch (err) {
      throw new ConfigError(`${where}: agents.${role}: ${(err as Error).message}`);
    }
  }
  return config;
}

/** Reads a YAML or JSON config file (not yet validated: flags are merged over it first). */
export function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new ConfigError(`cannot read config file ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = file.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ConfigError(
      `${file} is not valid ${file.endsWith(".json") ? "JSON" : "YAML"}: ${(err as Error).message}`,
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new ConfigError(`${file}: the config must be an object`);
  return value as Record<string, unknown>;
}

export function roleId(spec: AgentSpec): string {
  return typeof spec === "string" ? spec : spec.id;
}

export function roleTemperature(spec: AgentSpec): number | undefined {
  return typeof spec === "string" ? undefined : spec.temperature;
}

export function envsOf(config: RunConfig): EnvId[] {
  return config.env === "all" ? [...ENV_IDS] : [config.env];
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
