import { z } from "zod";
import { looksLikeModelId } from "../../agents/role-registry.js";
import type { SiturecError } from "../../core/errors.js";
import { formatZodIssues } from "../../core/zod-issues.js";
import {
  builtinCustomerSimAgents,
  CategoryId,
  type CustomerSimRole,
  DEFAULT_TURN_LIMIT,
  type Persona,
  resolveSampling,
  Sampling,
  sampleSeed,
  sampleTaskId,
} from "../../customersim/index.js";
import { ConfigError } from "../run-config.js";

/** The agents a run's roles can name: the built-in ones and any model id. */
export const CUSTOMERSIM_AGENTS = builtinCustomerSimAgents();

/** A role's agent id, checked by the registry (which refuses the other role's agents, saying so). */
const agentId = (role: CustomerSimRole) =>
  z
    .string()
    .min(1)
    .superRefine((id, ctx) => {
      try {
        CUSTOMERSIM_AGENTS.resolve(role, id);
      } catch (err) {
        const e = err as SiturecError;
        ctx.addIssue({ code: "custom", message: e.hint ? `${e.message} (${e.hint})` : e.message });
      }
    });

/** What a CustomerSim run is asked to do (`siturec customersim run`); stored as the run's config. */
export const CustomerSimRunConfig = z
  .object({
    benchmark: z.literal("customersim").default("customersim"),
    shopper: agentId("shopper"),
    sales: agentId("sales"),
    category: CategoryId.optional(),
    personas: z
      .string()
      .regex(/^\d+(:\d+)?$/, "positions FROM:TO (e.g. 0:50) or one position")
      .optional()
      .describe("positions among the selected personas (those of --category, else all), FROM to TO − 1"),
    steering: z.enum(["none", "human"]).default("none"),
    retrieval: z
      .string()
      .min(1)
      .default("bm25")
      .refine(
        (r) => r === "bm25" || looksLikeModelId(r),
        "bm25, or an embedding model id such as openai:text-embedding-3-small",
      )
      .describe("how the sales tools retrieve: BM25, or an embedding model with exact cosine search"),
    turnLimit: z.number().int().min(1).max(100).default(DEFAULT_TURN_LIMIT),
    seed: z.number().int().min(0).default(0),
    samples: z
      .number()
      .int()
      .min(1, "must be 1..64")
      .max(64, "must be 1..64")
      .default(1)
      .describe("rollouts per persona (a GRPO group), each with its own seed"),
    sampling: z
      .object({ shopper: Sampling.optional(), sales: Sampling.optional() })
      .strict()
      .optional()
      .describe("a model-backed role's sampling, in place of its provider's defaults"),
    concurrency: z.number().int().min(1, "must be 1..64").max(64, "must be 1..64").default(4),
    queueConcurrency: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        "on a queue: at most this many of the run's episodes play at once across all workers (default: as many as the workers take)",
      ),
    storeDir: z.string().min(1).default("siturec-runs"),
    llm: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("the model client's settings, as `llm` in a `siturec run` config (prices, cache, retries)"),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.steering === "human" && CUSTOMERSIM_AGENTS.isBuiltin("shopper", c.shopper))
      ctx.addIssue({
        code: "custom",
        path: ["steering"],
        message: `human steering is a prompt for an LLM shopper; the ${c.shopper} shopper has none`,
      });
    for (const role of ["shopper", "sales"] as const)
      if (c.sampling?.[role] && CUSTOMERSIM_AGENTS.isBuiltin(role, c[role]))
        ctx.addIssue({
          code: "custom",
          path: ["sampling", role],
          message: `the ${c[role]} ${role === "sales" ? "salesperson" : "shopper"} is built in and samples nothing: temperature, top-p and repetition penalty are for model agents`,
        });
  });
export type CustomerSimRunConfig = z.infer<typeof CustomerSimRunConfig>;

export function parseCustomerSimRunConfig(input: unknown): CustomerSimRunConfig {
  const parsed = CustomerSimRunConfig.safeParse(input);
  if (!parsed.success)
    throw new ConfigError(formatZodIssues(parsed.error, { max: 3, separator: "\n" }), {
      exitCode: 2,
      hint: "siturec customersim run --help lists the flags and their values",
    });
  return parsed.data;
}

/** The personas a run plays, with their places in the persona file; refused when none is selected. */
export function selectPersonas(
  all: readonly Persona[],
  config: Pick<CustomerSimRunConfig, "category" | "personas">,
): { persona: Persona; position: number }[] {
  let chosen = all.map((persona, position) => ({ persona, position }));
  if (config.category) chosen = chosen.filter((c) => c.persona.category === config.category);
  const pool = chosen.length;
  if (config.personas) {
    const [from, to] = config.personas.includes(":")
      ? (config.personas.split(":").map(Number) as [number, number])
      : [Number(config.personas), Number(config.personas) + 1];
    if (from >= to)
      throw new ConfigError(`personas ${config.personas}: FROM must be less than TO`, { exitCode: 2 });
    chosen = chosen.slice(from, to);
  }
  if (!chosen.length)
    throw new ConfigError(
      `personas ${config.personas}: selects none of the ${pool} personas${config.category ? ` of ${config.category}` : ""} (positions from 0)`,
      { exitCode: 2 },
    );
  return chosen;
}

/** Each model-backed role's sampling as sent: its provider's defaults with the config's in their place. */
export function playedSampling(
  config: Pick<CustomerSimRunConfig, "shopper" | "sales" | "sampling">,
): Partial<Record<CustomerSimRole, Sampling>> {
  const out: Partial<Record<CustomerSimRole, Sampling>> = {};
  for (const role of ["shopper", "sales"] as const)
    if (!CUSTOMERSIM_AGENTS.isBuiltin(role, config[role]))
      out[role] = resolveSampling(config[role], config.sampling?.[role]);
  return out;
}

/** One conversation of a run: a persona's sample, its place in the store and the seed it plays with. */
export interface ConversationSlot {
  persona: Persona;
  /** The persona's place among all personas × samples + the sample (the store's order). */
  position: number;
  sample: number;
  seed: number;
  /** The store's key, `category/task` (the task `PERSONA` or `PERSONA#k`). */
  key: string;
}

/** The conversations a run plays: every selected persona's samples 0..samples − 1, persona by persona. */
export function selectConversations(
  all: readonly Persona[],
  config: Pick<CustomerSimRunConfig, "category" | "personas" | "samples" | "seed">,
): ConversationSlot[] {
  return selectPersonas(all, config).flatMap(({ persona, position }) =>
    Array.from({ length: config.samples }, (_, sample) => ({
      persona,
      position: position * config.samples + sample,
      sample,
      seed: sampleSeed(config.seed, persona.id, sample),
      key: `${persona.category}/${sampleTaskId(persona.id, sample)}`,
    })),
  );
}
