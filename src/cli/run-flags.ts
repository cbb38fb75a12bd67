import { InvalidArgumentError } from "commander";
import { looksLikeModelId, POLICY_ROLES, type PolicyRole } from "../agents/role-registry.js";
import { MAX_OUTPUT_TOKENS_LIMIT } from "../llm/output-tokens.js";
import { ConfigError, MaxOutputTokens, type RunConfig, roleId } from "../runner/run-config.js";

/** Run config fields and the flags of `siturec run` that set them, to name the flag in a hint. */
export const FLAG_OF_FIELD: Record<string, string> = {
  env: "--env",
  tasks: "--tasks",
  subset: "--subset",
  condition: "--condition",
  maxTurns: "--max-turns",
  seed: "--seed",
  concurrency: "--concurrency",
  storeDir: "--out",
  "agents.assistant": "--assistant",
  "agents.shopper": "--shopper",
  "agents.moderator": "--moderator",
  "history.images": "--history-images",
  shopperMap: "--shopper-map",
};

/** `--max-output-tokens ROLE=N`, repeatable: a model-backed role's output-token limit. */
export function parseMaxOutputTokens(
  value: string,
  previous: Partial<Record<PolicyRole, number>> = {},
): Partial<Record<PolicyRole, number>> {
  const [role, n] = value.split("=");
  const parsed = MaxOutputTokens.safeParse(Number(n));
  if (!POLICY_ROLES.includes(role as PolicyRole) || !n?.trim() || !parsed.success)
    throw new InvalidArgumentError(
      `'${value}' is not ROLE=N (a role of ${POLICY_ROLES.join(", ")}, a whole number of tokens from 1 to ${MAX_OUTPUT_TOKENS_LIMIT}, e.g. assistant=2000)`,
    );
  return { ...previous, [role as PolicyRole]: parsed.data };
}

/**
 * The config with `--max-output-tokens`' roles given theirs (each role's spec otherwise kept). Only a
 * model has an output limit, so one for a built-in policy (reference, rule) is refused, not ignored.
 */
export function withMaxOutputTokens(
  config: RunConfig,
  limits: Partial<Record<PolicyRole, number>> | undefined,
): RunConfig {
  const agents = { ...config.agents };
  for (const [role, maxOutputTokens] of Object.entries(limits ?? {}) as [PolicyRole, number][]) {
    const spec = agents[role];
    const id = roleId(spec);
    if (!looksLikeModelId(id))
      throw new ConfigError(
        `--max-output-tokens ${role}=${maxOutputTokens}: the ${role} is '${id}', not a model`,
        {
          exitCode: 2,
          field: `agents.${role}`,
          hint: "only model-backed roles have an output limit; built-in policies call no model",
        },
      );
    agents[role] = { ...(typeof spec === "string" ? {} : spec), id, maxOutputTokens };
  }
  return { ...config, agents };
}
