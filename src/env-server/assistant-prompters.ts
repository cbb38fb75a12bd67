import type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { LlmAssistant } from "../agents/llm/llm-assistant.js";
import type { PromptSet } from "../agents/prompts/prompt-set.js";
import type { Condition } from "../core/dialogue.js";
import type { LlmClient } from "../llm/client.js";

/**
 * The assistant's prompt builders of a server, one per store, condition and turn limit, shared by
 * its sessions: the system prompt (the catalog and the location index, tens of kilobytes) is built
 * once per server rather than once per session, while other sessions' steps wait on the event loop.
 * Only the prompt is used (the observation's messages), never the model, so nothing is per client.
 */
export class AssistantPrompters {
  private readonly byKey = new Map<string, LlmAssistant>();

  constructor(
    private readonly prompts: PromptSet,
    /** The model client a prompter is made with (it never calls it). */
    private readonly client: () => LlmClient,
  ) {}

  get(k: StoreKnowledge, condition: Condition, maxTurns: number): LlmAssistant {
    const key = `${k.env}|${condition}|${maxTurns}`;
    let prompter = this.byKey.get(key);
    if (!prompter) {
      prompter = new LlmAssistant(k, condition, {
        model: "env-server",
        client: this.client(),
        prompts: this.prompts,
      });
      // A prompter keeps the system prompt of its first request's turn limit: build this key's now.
      prompter.systemPrompt(maxTurns);
      this.byKey.set(key, prompter);
    }
    return prompter;
  }
}
