import { describe, expect, it } from "vitest";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { LlmClient } from "../llm/client.js";
import { AssistantPrompters } from "./assistant-prompters.js";

describe("AssistantPrompters", () => {
  it("shares one prompter per store, condition and turn limit, each with its own turn limit's system prompt", async () => {
    const k = await StoreKnowledge.load("supermarket");
    let clients = 0;
    const prompters = new AssistantPrompters(builtinPrompts(), () => {
      clients++;
      return new LlmClient({ noCache: true });
    });
    const a = prompters.get(k, "full", 20);
    expect(prompters.get(k, "full", 20)).toBe(a);
    const b = prompters.get(k, "full", 7);
    const c = prompters.get(k, "no-evv", 20);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(clients).toBe(3);
    // Each keeps its own key's limit, whatever a later call asks.
    expect(b.systemPrompt(20)).toContain("at most 7 turns");
    expect(a.systemPrompt(7)).toContain("at most 20 turns");
  });
});
