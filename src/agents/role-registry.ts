import type { Condition } from "../core/dialogue.js";
import { SiturecError } from "../core/errors.js";
import type { Task } from "../core/task.js";
import type { LlmClient } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import type { StoreKnowledge } from "./knowledge/store-knowledge.js";
import { LlmAssistant } from "./llm/llm-assistant.js";
import { LlmModerator } from "./llm/llm-moderator.js";
import { LlmShopper } from "./llm/llm-shopper.js";
import type { PromptSet } from "./prompts/prompt-set.js";
import { DEGRADED_ASSISTANTS } from "./reference/degraded-assistants.js";
import { ReferenceAssistant } from "./reference/reference-assistant.js";
import { HttpAssistant, HttpShopper, httpPolicyUrl, isHttpPolicyId } from "./remote/http-policy.js";
import { RuleModerator } from "./rule-moderator/rule-moderator.js";
import { RuleShopper } from "./rule-shopper/rule-shopper.js";
import type { AssistantPolicy, ModeratorPolicy, ShopperPolicy } from "./types.js";

/** The roles an episode is played by. */
export type PolicyRole = "assistant" | "shopper" | "moderator";
export const POLICY_ROLES: readonly PolicyRole[] = ["assistant", "shopper", "moderator"];

/** The policy type of each role. */
export interface PolicyOf {
  assistant: AssistantPolicy;
  shopper: ShopperPolicy;
  moderator: ModeratorPolicy;
}

/**
 * What every policy is made with, whether built-in, model-backed or your own: one fresh policy per
 * episode, so a policy may keep state across the episode's turns.
 */
export interface PolicyOptions {
  /** The store: catalog, location index, map, need families and navigation mesh. */
  knowledge: StoreKnowledge;
  /** The episode's task. Only the shopper should read its goal; the others get it for bookkeeping. */
  task: Task;
  /** The run's seed; seeded policies fork their random stream from it (by task), so runs repeat exactly. */
  seed: number;
  /** The assistant's context condition (what it is shown besides the dialogue). */
  condition: Condition;
  /**
   * Sampling temperature: a run gives a model-backed role its configured one or the role's default
   * (`DEFAULT_TEMPERATURES`); undefined leaves the provider's default.
   */
  temperature?: number;
  /**
   * The most tokens one answer may take: a run gives a model-backed role the one its config names;
   * undefined leaves the role's default (`DEFAULT_MAX_OUTPUT_TOKENS`).
   */
  maxOutputTokens?: number;
  /** The run's model client: cache, retries, rate limits and cost accounting shared by every role. */
  client: LlmClient;
  /** The run's prompt templates (their hash is part of the run's identity). */
  prompts: PromptSet;
}

/** What a policy needs an episode to produce for it beyond the annotated view (only what is asked for is made). */
export interface PolicyNeeds {
  /** The role's minimap (store plan with its handles and the shopper's pose), as a PNG in its context. */
  minimap?: boolean;
}

/** How to make one named policy of a role. */
export interface PolicyEntry<R extends PolicyRole> {
  needs?: PolicyNeeds;
  /** The assistant context conditions it can play (default: all); a run in another one is refused. */
  conditions?: readonly Condition[];
  /** Why it cannot play the others, for the refusal's hint. */
  conditionsWhy?: string;
  create(opts: PolicyOptions): PolicyOf[R];
}

/**
 * One of your own policies for a role (library users): its `id` is recorded in the run's identity
 * and trajectories, and must not be a name the registry already has for that role.
 */
export interface CustomRole<P> {
  id: string;
  needs?: PolicyNeeds;
  /** The assistant context conditions it can play (default: all). */
  conditions?: readonly Condition[];
  /** A fresh policy per episode. */
  create: (opts: PolicyOptions) => P;
}

/** A role's policy as a run uses it: the id it is recorded under, what it needs, and its factory. */
export interface ResolvedPolicy<R extends PolicyRole> extends PolicyEntry<R> {
  id: string;
}

export class AgentIdError extends SiturecError {
  override readonly name = "AgentIdError";
}

const an = (word: string) => `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;

/** Whether an id is a model id (provider:model) rather than a policy name or a remote policy (`http-policy:URL`). */
export function looksLikeModelId(id: string): boolean {
  return id.includes(":") && !isHttpPolicyId(id);
}

/** The roles a remote policy (`http-policy:URL`) can play, and how each is made. */
const REMOTE: { [R in PolicyRole]?: (id: string) => PolicyEntry<R> } = {
  assistant: (id) => ({
    needs: { minimap: true },
    create: (o) => new HttpAssistant(id, o.knowledge, o.condition, llm(id, o)),
  }),
  shopper: (id) => ({
    needs: { minimap: true },
    create: (o) => new HttpShopper(id, o.knowledge, llm(id, o)),
  }),
};

/** Each role's LLM policy, for a model id. */
const MODEL_BACKED: { [R in PolicyRole]: (model: string) => PolicyEntry<R> } = {
  assistant: (model) => ({
    needs: { minimap: true },
    create: (o) => new LlmAssistant(o.knowledge, o.condition, llm(model, o)),
  }),
  shopper: (model) => ({
    needs: { minimap: true },
    create: (o) => new LlmShopper(o.knowledge, llm(model, o)),
  }),
  moderator: (model) => ({ create: (o) => new LlmModerator(llm(model, o)) }),
};

function llm(model: string, o: PolicyOptions) {
  return {
    model,
    client: o.client,
    prompts: o.prompts,
    seed: o.seed,
    ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
    ...(o.maxOutputTokens !== undefined ? { maxOutputTokens: o.maxOutputTokens } : {}),
  };
}

/**
 * The policies a run can name, by role: built-in names (`reference`, `rule`), names a library user
 * registers, and any model id (`openai:gpt-4o`), which plays the role through the LLM policy of that
 * role. An id that does not fit its role is refused, so a run never records one policy under
 * another's name.
 */
export class RoleRegistry {
  private readonly entries: { [R in PolicyRole]: Map<string, PolicyEntry<R>> } = {
    assistant: new Map(),
    shopper: new Map(),
    moderator: new Map(),
  };

  register<R extends PolicyRole>(role: R, name: string, entry: PolicyEntry<R>): this {
    if (looksLikeModelId(name))
      throw new AgentIdError(
        `a policy name cannot contain ':' ('${name}'): that is how model ids are written`,
      );
    if (this.entries[role].has(name))
      throw new AgentIdError(`there is already ${an(role)} named '${name}'; pick another id`);
    (this.entries[role] as Map<string, PolicyEntry<R>>).set(name, entry);
    return this;
  }

  names(role: PolicyRole): string[] {
    return [...this.entries[role].keys()];
  }

  /** A copy to add a run's own policies to without changing this registry. */
  clone(): RoleRegistry {
    const copy = new RoleRegistry();
    for (const role of POLICY_ROLES)
      for (const [name, e] of this.entries[role]) copy.entries[role].set(name, e as never);
    return copy;
  }

  /**
   * The policy an id names for a role; refuses an unknown name, a name of another role, and a
   * malformed model id, saying what the role accepts. `field` names the config field in messages.
   */
  resolve<R extends PolicyRole>(role: R, id: string, field = `agents.${role}`): ResolvedPolicy<R> {
    const entry = this.entries[role].get(id) as PolicyEntry<R> | undefined;
    if (entry) return { id, ...entry };
    if (isHttpPolicyId(id)) {
      const remote = REMOTE[role] as ((id: string) => PolicyEntry<R>) | undefined;
      if (!remote)
        throw new AgentIdError(
          `${field}: a remote policy plays the assistant or the shopper, not the ${role}`,
          {
            exitCode: 2,
            field,
          },
        );
      try {
        httpPolicyUrl(id);
      } catch (err) {
        throw new AgentIdError(`${field}: ${(err as Error).message}`, { exitCode: 2, field });
      }
      return { id, ...remote(id) };
    }
    const accepted = `${role}s are ${[...this.names(role).map((n) => `'${n}'`), "a model id such as openai:gpt-4o", ...(REMOTE[role] ? ["a remote policy http-policy:URL"] : [])].join(", ")}`;
    if (!looksLikeModelId(id)) {
      const other = POLICY_ROLES.find((r) => r !== role && this.entries[r].has(id));
      const why = other ? `'${id}' is ${an(other)}, not ${an(role)}` : `no ${role} is named '${id}'`;
      throw new AgentIdError(`${field}: ${why}; ${accepted}`, { exitCode: 2, field });
    }
    try {
      parseModelId(id);
    } catch (err) {
      throw new AgentIdError(`${field}: ${(err as Error).message}`, { exitCode: 2, field });
    }
    return { id, ...(MODEL_BACKED[role] as (model: string) => PolicyEntry<R>)(id) };
  }
}

/** The built-in policies: the reference assistant, the rule-based shopper and the rule-based moderator. */
export function builtinRoles(): RoleRegistry {
  return new RoleRegistry()
    .register("assistant", "reference", {
      conditions: ["full", "no-evv"],
      conditionsWhy:
        "the reference assistant reads the visible-entity list (it never looks at the image), which no-evv-caption withholds; play that condition with a model assistant",
      create: (o) => new ReferenceAssistant(o.knowledge),
    })
    .register("assistant", "reference-random-ranking", DEGRADED_ASSISTANTS["reference-random-ranking"])
    .register("assistant", "reference-no-guidance", DEGRADED_ASSISTANTS["reference-no-guidance"])
    .register("assistant", "reference-blind", DEGRADED_ASSISTANTS["reference-blind"])
    .register("shopper", "rule", { create: (o) => new RuleShopper(o.knowledge, o.task, o.seed) })
    .register("moderator", "rule", { create: () => new RuleModerator() });
}
