import { InvalidArgumentError } from "commander";
import type { CustomerSimRole, Sampling } from "../customersim/index.js";
import { MAX_OUTPUT_TOKENS_LIMIT } from "../llm/output-tokens.js";
import { CUSTOMERSIM_AGENTS } from "../runner/customersim/customersim-config.js";
import { ConfigError } from "../runner/run-config.js";

/** A per-role value of a repeatable `ROLE=V` flag. */
export type RoleValues = Partial<Record<CustomerSimRole, number>>;

const ROLES: readonly CustomerSimRole[] = ["shopper", "sales"];

/** The sampling flags of `customersim run`, each repeatable `ROLE=V`. */
export interface SamplingFlags {
  temperature?: RoleValues;
  topP?: RoleValues;
  repetitionPenalty?: RoleValues;
  maxOutputTokens?: RoleValues;
}

/** A parser of `ROLE=V` (repeatable) whose V must pass `ok`; the error names the flag and the range. */
function roleValues(what: string, ok: (n: number) => boolean, example: string) {
  return (value: string, previous: RoleValues = {}): RoleValues => {
    const [role, v] = value.split("=");
    const n = Number(v);
    if (!ROLES.includes(role as CustomerSimRole) || !v?.trim() || !Number.isFinite(n) || !ok(n))
      throw new InvalidArgumentError(
        `'${value}' is not ROLE=V (a role of ${ROLES.join(", ")}, ${what}, e.g. ${example})`,
      );
    return { ...previous, [role as CustomerSimRole]: n };
  };
}

export const parseRoleTemperature = roleValues(
  "a temperature from 0 to 2",
  (n) => n >= 0 && n <= 2,
  "shopper=0.7",
);
export const parseRoleTopP = roleValues("a top-p above 0, at most 1", (n) => n > 0 && n <= 1, "shopper=0.9");
export const parseRoleRepetitionPenalty = roleValues(
  "a repetition penalty above 0, at most 2 (1 is none)",
  (n) => n > 0 && n <= 2,
  "shopper=1.1",
);

export const parseRoleMaxOutputTokens = roleValues(
  `a whole number of tokens from 1 to ${MAX_OUTPUT_TOKENS_LIMIT}`,
  (n) => Number.isInteger(n) && n >= 1 && n <= MAX_OUTPUT_TOKENS_LIMIT,
  "shopper=4000",
);

const FIELDS = [
  ["temperature", "--temperature"],
  ["topP", "--top-p"],
  ["repetitionPenalty", "--repetition-penalty"],
  ["maxOutputTokens", "--max-output-tokens"],
] as const;

/**
 * The config's `sampling` with the flags' values in place (a resume's own kept for the rest). Only a
 * model samples, so a value for a built-in agent is refused rather than ignored.
 */
export function withSamplingFlags(
  base: Partial<Record<CustomerSimRole, Sampling>> | undefined,
  flags: SamplingFlags,
  agents: Partial<Record<CustomerSimRole, string>>,
): { sampling?: Partial<Record<CustomerSimRole, Sampling>> } {
  const out: Partial<Record<CustomerSimRole, Sampling>> = { ...(base ?? {}) };
  for (const [field, flag] of FIELDS)
    for (const [role, value] of Object.entries(flags[field] ?? {}) as [CustomerSimRole, number][]) {
      const id = agents[role];
      if (id && CUSTOMERSIM_AGENTS.isBuiltin(role, id))
        throw new ConfigError(`${flag} ${role}=${value}: the ${role} is '${id}', built in, not a model`, {
          exitCode: 2,
          field: `sampling.${role}`,
          hint: "only model-backed agents sample; built-in agents take no temperature, top-p, repetition penalty or output limit",
        });
      out[role] = { ...out[role], [field]: value };
    }
  return Object.keys(out).length ? { sampling: out } : {};
}
