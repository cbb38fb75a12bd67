import type { Task } from "../core/task.js";
import type { LlmClient } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import type { StoreKnowledge } from "./knowledge/store-knowledge.js";
import { LlmAssistant } from "./llm/llm-assistant.js";
import { LlmModerator } from "./llm/llm-moderator.js";
import { LlmShopper } from "./llm/llm-shopper.js";
import type { PromptSet } from "./prompts/prompt-set.js";
import { ReferenceAssistant } from "./reference/reference-assistant.js";
import { RuleModerator } from "./rule-moderator/rule-moderator.js";
import { RuleShopper } from "./rule-shopper/rule-shopper.js";
import type { AssistantPolicy, Condition, ModeratorPolicy, ShopperPolicy } from "./types.js";

/** The ids of the built-in, model-free policies; anything else must be a model id. */
export const BUILTIN_AGENT_IDS = ["reference", "rule"] as const;

export type AgentRole = "assistant" | "user" | "moderator" | "judge";

export class AgentIdError extends Error {
  override readonly name = "AgentIdError";
}

export function isBuiltinAgent(id: string): boolean {
  return (BUILTIN_AGENT_IDS as readonly string[]).includes(id);
}

/** Checks an agent id for a role: a built-in (`reference`, `rule`) or a parseable model id. */
export function checkAgentId(role: AgentRole, id: string): string {
  if (isBuiltinAgent(id)) {
    if (role === "judge")
      throw new AgentIdError(`the judge needs a model id (e.g. openai:gpt-4o); '${id}' is not a judge`);
    return id;
  }
  try {
    parseModelId(id);
  } catch (err) {
    throw new AgentIdError(`--${role}: ${(err as Error).message}; or use the built-in 'reference' / 'rule'`);
  }
  return id;
}

export interface AgentIds {
  assistant: string;
  user: string;
  moderator: string;
}

export interface AgentDeps {
  client: LlmClient;
  prompts: PromptSet;
  /** Sampling temperature per model-backed role (a role left out: the provider's default). */
  temperatures?: Partial<Record<AgentRole, number>>;
}

/** Makes fresh policies per episode from the run's agent ids. */
export class AgentFactory {
  constructor(
    readonly ids: AgentIds,
    private readonly deps: AgentDeps,
  ) {
    checkAgentId("assistant", ids.assistant);
    checkAgentId("user", ids.user);
    checkAgentId("moderator", ids.moderator);
  }

  get usesModels(): boolean {
    return (
      !isBuiltinAgent(this.ids.assistant) ||
      !isBuiltinAgent(this.ids.user) ||
      !isBuiltinAgent(this.ids.moderator)
    );
  }

  private llm(role: AgentRole, model: string, seed: number) {
    const temperature = this.deps.temperatures?.[role];
    return {
      model,
      client: this.deps.client,
      prompts: this.deps.prompts,
      seed,
      ...(temperature !== undefined ? { temperature } : {}),
    };
  }

  assistant(k: StoreKnowledge, condition: Condition, seed: number): AssistantPolicy {
    const id = this.ids.assistant;
    return isBuiltinAgent(id)
      ? new ReferenceAssistant(k)
      : new LlmAssistant(k, condition, this.llm("assistant", id, seed));
  }

  shopper(k: StoreKnowledge, task: Task, seed: number): ShopperPolicy {
    const id = this.ids.user;
    return isBuiltinAgent(id)
      ? new RuleShopper(k, task, seed)
      : new LlmShopper(k, this.llm("user", id, seed));
  }

  moderator(_k: StoreKnowledge, seed: number): ModeratorPolicy {
    const id = this.ids.moderator;
    return isBuiltinAgent(id) ? new RuleModerator() : new LlmModerator(this.llm("moderator", id, seed));
  }
}
