import { availableParallelism } from "node:os";
import { join } from "node:path";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import {
  builtinRoles,
  type CustomRole,
  type PolicyOf,
  type PolicyRole,
  type ResolvedPolicy,
  type RoleRegistry,
} from "../agents/role-registry.js";
import type { EnvId } from "../core/manifest.js";
import { LlmClient, type LlmClientOptions } from "../llm/client.js";
import { RenderService } from "../render/render-service.js";
import { isPostgresUrl } from "../storage/postgres-run-store.js";
import type { AgentIds } from "./plan.js";
import { ConfigError, type RunConfig, roleId, roleTemperature } from "./run-config.js";

/**
 * The policy each role is played by in a run, with the temperature and the output-token limit the
 * config gives it (a limit only where the config names one: a model policy defaults to its role's).
 */
export type RunPolicies = {
  [R in PolicyRole]: ResolvedPolicy<R> & { temperature?: number; maxOutputTokens?: number };
};

/** Your own policies for some roles; the other roles come from the config. */
export type CustomRoles = { [R in PolicyRole]?: CustomRole<PolicyOf[R]> };

/** The model client of a run: its cache under the run store unless the config says otherwise. */
/**
 * The model client of a run: cached on disk under the run store folder (or `llm.cacheDir`; a store
 * on a server has no folder, so only `llm.cacheDir` or a shared cache then), with the run's retries,
 * limits and prices; queue workers add a shared cache and a limit that hold across processes.
 */
export function buildClient(
  config: RunConfig,
  storeLocation: string,
  shared: Pick<LlmClientOptions, "sharedCache" | "sharedLimit"> = {},
): LlmClient {
  const cacheDir =
    config.llm.cacheDir ?? (isPostgresUrl(storeLocation) ? undefined : join(storeLocation, "cache"));
  return new LlmClient({
    ...(config.llm.noCache ? { noCache: true } : cacheDir ? { cacheDir } : {}),
    requestTimeoutMs: config.llm.timeoutMs,
    callDeadlineMs: config.llm.callDeadlineMs,
    maxRetries: config.llm.maxRetries,
    concurrency: config.llm.concurrency,
    prices: config.llm.prices,
    structuredOutput: config.llm.structuredOutput,
    ...shared,
  });
}

/** Resolves each role's policy: a custom one where given (registered under its id), else the config's id. */
export function buildPolicies(
  config: RunConfig,
  custom: CustomRoles = {},
  registry: RoleRegistry = builtinRoles(),
): RunPolicies {
  const roles = registry.clone();
  const pick = <R extends PolicyRole>(role: R): RunPolicies[R] => {
    const own = custom[role] as CustomRole<PolicyOf[R]> | undefined;
    let resolved: RunPolicies[R];
    if (own) {
      roles.register(role, own.id, {
        ...(own.needs ? { needs: own.needs } : {}),
        ...(own.conditions ? { conditions: own.conditions } : {}),
        create: own.create,
      });
      resolved = roles.resolve(role, own.id) as RunPolicies[R];
    } else {
      const spec = config.agents[role];
      const temperature = roleTemperature(spec, role);
      const maxOutputTokens = typeof spec === "string" ? undefined : spec.maxOutputTokens;
      resolved = {
        ...roles.resolve(role, roleId(spec)),
        ...(temperature !== undefined ? { temperature } : {}),
        ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
      } as RunPolicies[R];
    }
    if (resolved.conditions && !resolved.conditions.includes(config.condition))
      throw new ConfigError(
        `condition ${config.condition}: the ${role} '${resolved.id}' cannot play it (it plays ${resolved.conditions.join(", ")})`,
        {
          exitCode: 2,
          field: "condition",
          ...(resolved.conditionsWhy ? { hint: resolved.conditionsWhy } : {}),
        },
      );
    return resolved;
  };
  return { assistant: pick("assistant"), shopper: pick("shopper"), moderator: pick("moderator") };
}

export function agentIds(p: RunPolicies): AgentIds {
  return { assistant: p.assistant.id, shopper: p.shopper.id, moderator: p.moderator.id };
}

/**
 * The render pool for a run's episodes. Rendering is CPU-bound (SwiftShader) unless there is a GPU:
 * more pages than half the cores only add memory, while more episodes than pages still help when the
 * wait is on model calls.
 */
export async function startRenderPool(config: RunConfig): Promise<RenderService> {
  const pages =
    config.render.pages ?? Math.min(config.concurrency, Math.max(1, Math.floor(availableParallelism() / 2)));
  const { width, height, quality } = config.render;
  return RenderService.start({ width, height, quality, poolSize: pages });
}

/** What the built-in policies know of each store the episodes visit. */
export async function loadKnowledge(envs: Iterable<EnvId>): Promise<Map<EnvId, StoreKnowledge>> {
  const out = new Map<EnvId, StoreKnowledge>();
  for (const env of new Set(envs)) out.set(env, await StoreKnowledge.load(env));
  return out;
}
