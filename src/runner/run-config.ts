import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import {
  builtinRoles,
  looksLikeModelId,
  POLICY_ROLES,
  type PolicyRole,
  type RoleRegistry,
} from "../agents/role-registry.js";
import { QUALITY_SIZE } from "../core/camera.js";
import { ConditionId } from "../core/dialogue.js";
import { SiturecError } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { envSelectorHelp, expandEnvSelector } from "../envs/env-selector.js";
import { StructuredOutputMode } from "../llm/client.js";
import { DEFAULT_MAX_OUTPUT_TOKENS, MAX_OUTPUT_TOKENS_LIMIT } from "../llm/output-tokens.js";
import { PriceTable } from "../llm/prices.js";
import { DEFAULT_HISTORY_IMAGES } from "../trajectory/trajectory.js";

/** A model role's output-token limit: a whole number of tokens, at most `MAX_OUTPUT_TOKENS_LIMIT`. */
export const MaxOutputTokens = z
  .number()
  .int(`must be a whole number of tokens, 1 to ${MAX_OUTPUT_TOKENS_LIMIT}`)
  .min(1, `must be a whole number of tokens, 1 to ${MAX_OUTPUT_TOKENS_LIMIT}`)
  .max(MAX_OUTPUT_TOKENS_LIMIT, `must be a whole number of tokens, 1 to ${MAX_OUTPUT_TOKENS_LIMIT}`);

/**
 * A role: an agent id (`reference`, `rule`, or a model id), optionally with its sampling temperature
 * and its output-token limit.
 */
export const AgentSpec = z.union(
  [
    z.string().min(1),
    z
      .object({
        id: z.string().min(1),
        temperature: z.number().min(0).max(2).optional(),
        maxOutputTokens: MaxOutputTokens.optional().describe(
          "the most tokens one answer may take (default: the role's: assistant 1500, shopper 1000, moderator 400)",
        ),
      })
      .strict(),
  ],
  {
    // An object spec is the object branch's: say which of its fields is wrong, not "invalid input".
    error: (issue) => {
      const inner = (issue as { errors?: z.core.$ZodIssue[][] }).errors?.[1]?.[0];
      return issue.input && typeof issue.input === "object" && inner
        ? `${inner.path.join(".")}: ${inner.message}`
        : undefined;
    },
  },
);
export type AgentSpec = z.infer<typeof AgentSpec>;

/**
 * The temperature a model-backed role is sent when its spec names none. The paper states none; the
 * assistant and moderator decide (0: repeatable, cacheable), while a simulated shopper should vary
 * its wording as people do: CustomerSim runs its open shopper models at 0.7 (§4.1).
 */
export const DEFAULT_TEMPERATURES: Readonly<Record<PolicyRole, number>> = {
  assistant: 0,
  shopper: 0.7,
  moderator: 0,
};

/**
 * `history.images`: `none`, `last-K` or `all`; a bare number K (older configs) is `last-K`. Parsed
 * to K (0 for none) or "all", as trajectory headers record it.
 */
export const HistoryImages = z.union([z.number(), z.string()]).transform((v, ctx): number | "all" => {
  if (v === "all") return "all";
  const k =
    v === "none" ? 0 : typeof v === "number" ? v : Number(/^(?:last-)?(\d+)$/.exec(v)?.[1] ?? Number.NaN);
  if (Number.isInteger(k) && k >= 0 && k <= 100) return k;
  ctx.addIssue({
    code: "custom",
    message: `none, last-K (K up to 100, e.g. last-3) or all, not ${JSON.stringify(v)}`,
  });
  return z.NEVER;
});

/** How `history.images` reads in messages and docs: none, last-K or all. */
export function historyImagesText(images: number | "all"): string {
  return images === "all" ? "all" : images === 0 ? "none" : `last-${images}`;
}

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
    env: z
      .string()
      .superRefine((env, ctx) => {
        if (!expandEnvSelector(env)) ctx.addIssue({ code: "custom", message: envSelectorHelp() });
      })
      .default("all"),
    tasks: TaskSelection.optional(),
    subset: SubsetSelection.optional(),
    condition: ConditionId.default("full"),
    maxTurns: z.number().int().min(1, "must be 1..100").max(100, "must be 1..100").default(20),
    seed: z.number().int().min(0, "must be 0 or more").default(0),
    agents: z
      .object({
        assistant: AgentSpec.default("reference"),
        shopper: AgentSpec.default("rule"),
        moderator: AgentSpec.optional().describe(
          "default: the shopper's model when the shopper is a model (the paper's moderator is an LLM), else rule",
        ),
      })
      .strict()
      .default({ assistant: "reference", shopper: "rule" }),
    history: z
      .object({
        images: HistoryImages.default(DEFAULT_HISTORY_IMAGES).describe(
          "earlier annotated views sent to the assistant with the current one (full condition): none, last-K or all (default last-3)",
        ),
      })
      .strict()
      .default({ images: DEFAULT_HISTORY_IMAGES }),
    shopperMap: z
      .boolean()
      .default(false)
      .describe(
        "give the shopper the store map with its own handles and pose; the paper gives the map to the assistant only",
      ),
    captions: z
      .object({
        ids: z
          .boolean()
          .default(false)
          .describe("catalog and layout ids in the assistant's visible-entity lists (not in the paper)"),
      })
      .strict()
      .default({ ids: false }),
    concurrency: z.number().int().min(1, "must be 1..64").max(64, "must be 1..64").default(2),
    queueConcurrency: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        "on a queue: at most this many of the run's episodes play at once across all workers (default: as many as the workers take)",
      ),
    storeDir: z.string().min(1).default("siturec-runs"),
    images: z.boolean().default(true).describe("store each turn's annotated views"),
    render: z
      .object({
        quality: z
          .enum(["fast", "high"])
          .default("fast")
          .describe(
            "fast: CPU rendering, no antialiasing; high: 4x multisampling, 1280x720 by default (a GPU)",
          ),
        width: z.number().int().min(160).max(1920).optional().describe("default: 640 (fast) or 1280 (high)"),
        height: z.number().int().min(120).max(1080).optional().describe("default: 480 (fast) or 720 (high)"),
        pages: z
          .number()
          .int()
          .min(1)
          .max(64)
          .optional()
          .describe("render pages per store (default: half the cores, at most the concurrency)"),
      })
      .strict()
      .transform((r) => ({
        ...r,
        width: r.width ?? QUALITY_SIZE[r.quality].width,
        height: r.height ?? QUALITY_SIZE[r.quality].height,
      }))
      .prefault({}),
    llm: z
      .object({
        cacheDir: z.string().min(1).optional(),
        noCache: z.boolean().default(false),
        timeoutMs: z.number().int().positive().default(120_000),
        callDeadlineMs: z
          .number()
          .int()
          .positive()
          .default(300_000)
          .describe("the most one model call may take, all attempts and waits together"),
        maxRetries: z.number().int().min(0).max(10).default(4),
        concurrency: z.number().int().min(1).max(256).default(8),
        prices: PriceTable.default({}),
        structuredOutput: z
          .enum(StructuredOutputMode)
          .default("auto")
          .describe("how models are asked for their JSON: auto, json_schema, tool or prompt"),
      })
      .strict()
      .default({
        noCache: false,
        timeoutMs: 120_000,
        callDeadlineMs: 300_000,
        maxRetries: 4,
        concurrency: 8,
        prices: {},
        structuredOutput: "auto",
      }),
  })
  .strict();
/** A validated configuration, every role named (the moderator's default resolved). */
export type RunConfig = Omit<z.infer<typeof RunConfig>, "agents"> & {
  agents: { assistant: AgentSpec; shopper: AgentSpec; moderator: AgentSpec };
};
export type RunConfigInput = z.input<typeof RunConfig>;

/** A configuration that cannot be used; the message names the source and the field. */
export class ConfigError extends SiturecError {
  override readonly name = "ConfigError";
}

/** Config fields that were renamed: a clear message instead of "unrecognized key". */
const RENAMED: Record<string, string> = { "agents.user": "agents.shopper" };

function renamedField(input: unknown): string | undefined {
  if (!input || typeof input !== "object") return undefined;
  const agents = (input as { agents?: unknown }).agents;
  return agents && typeof agents === "object" && "user" in agents ? "agents.user" : undefined;
}

/**
 * Validates a configuration (merged from a file and flags); errors name the source (`where`) and
 * the bad field. Agent ids are checked against `roles` (default: the built-in policies and model ids).
 */
export function parseRunConfig(
  input: unknown,
  where = "config",
  roles: RoleRegistry = builtinRoles(),
): RunConfig {
  const old = renamedField(input);
  if (old)
    throw new ConfigError(`${where}: ${old} is now called ${RENAMED[old]}`, {
      exitCode: 2,
      field: old,
      hint: `rename it to ${RENAMED[old]}`,
    });
  const parsed = RunConfig.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.path.join(".");
    throw new ConfigError(formatZodIssues(parsed.error, { max: 5, separator: "\n", prefix: `${where}: ` }), {
      exitCode: 2,
      ...(first ? { field: first } : {}),
    });
  }
  const { agents } = parsed.data;
  const config: RunConfig = {
    ...parsed.data,
    agents: { ...agents, moderator: agents.moderator ?? defaultModerator(agents.shopper) },
  };
  for (const role of POLICY_ROLES) {
    try {
      roles.resolve(role, roleId(config.agents[role]));
    } catch (err) {
      if (!(err instanceof SiturecError)) throw err;
      throw new ConfigError(`${where}: ${err.message}`, {
        exitCode: 2,
        field: `agents.${role}`,
        ...(err.hint ? { hint: err.hint } : {}),
      });
    }
  }
  return config;
}

/**
 * The moderator when none is named: the paper's moderator is an LLM, so a model-backed shopper's
 * model moderates too; with the rule-based shopper, the rule-based moderator.
 */
export function defaultModerator(shopper: AgentSpec): AgentSpec {
  const id = roleId(shopper);
  return looksLikeModelId(id) ? id : "rule";
}

/** Reads a YAML or JSON config file (not yet validated: flags are merged over it first). */
export function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new ConfigError(`cannot read config file ${file}: ${(err as Error).message}`, { exitCode: 2 });
  }
  let value: unknown;
  try {
    value = file.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ConfigError(
      `${file} is not valid ${file.endsWith(".json") ? "JSON" : "YAML"}: ${(err as Error).message}`,
      { exitCode: 2 },
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new ConfigError(`${file}: the config must be an object`, { exitCode: 2 });
  return value as Record<string, unknown>;
}

export function roleId(spec: AgentSpec): string {
  return typeof spec === "string" ? spec : spec.id;
}

/**
 * The temperature a role's policy is given: its spec's, else the role's default when a model plays
 * it (built-in policies sample nothing; a policy of your own gets one only if its spec names it).
 */
export function roleTemperature(spec: AgentSpec, role: PolicyRole): number | undefined {
  if (typeof spec !== "string" && spec.temperature !== undefined) return spec.temperature;
  return looksLikeModelId(roleId(spec)) ? DEFAULT_TEMPERATURES[role] : undefined;
}

/**
 * Each role's temperature as a run records it: roles given none are left out, and so are roles not
 * played by the config's policy (`ids`: a policy of your own, a client of the env server).
 */
export function playedTemperatures(
  config: Pick<RunConfig, "agents">,
  ids?: Readonly<Record<PolicyRole, string>>,
): Partial<Record<PolicyRole, number>> {
  return playedPerRole(config, ids, roleTemperature);
}

/** A per-role setting as a run records it: `settingOf`'s for each role played by the config's policy. */
function playedPerRole(
  config: Pick<RunConfig, "agents">,
  ids: Readonly<Record<PolicyRole, string>> | undefined,
  settingOf: (spec: AgentSpec, role: PolicyRole) => number | undefined,
): Partial<Record<PolicyRole, number>> {
  const out: Partial<Record<PolicyRole, number>> = {};
  for (const role of POLICY_ROLES) {
    const spec = config.agents[role];
    const v = settingOf(spec, role);
    if (v !== undefined && (!ids || ids[role] === roleId(spec))) out[role] = v;
  }
  return out;
}

/**
 * The output-token limit a role's requests name: its spec's, else the role's default when a model
 * plays it (`DEFAULT_MAX_OUTPUT_TOKENS`); built-in policies call no model.
 */
export function roleMaxOutputTokens(spec: AgentSpec, role: PolicyRole): number | undefined {
  if (typeof spec !== "string" && spec.maxOutputTokens !== undefined) return spec.maxOutputTokens;
  return looksLikeModelId(roleId(spec)) ? DEFAULT_MAX_OUTPUT_TOKENS[role] : undefined;
}

/**
 * Each model-backed role's output-token limit as a run records it (`playedTemperatures`' rules: roles
 * not played by the config's policy are left out).
 */
export function playedMaxOutputTokens(
  config: Pick<RunConfig, "agents">,
  ids?: Readonly<Record<PolicyRole, string>>,
): Partial<Record<PolicyRole, number>> {
  return playedPerRole(config, ids, roleMaxOutputTokens);
}

/** The stores a run covers: its `env` selector expanded (a store, a variant, `all`, `held-out`, `held-out:STORE`). */
export function envsOf(config: RunConfig): EnvId[] {
  return expandEnvSelector(config.env) ?? [config.env];
}
