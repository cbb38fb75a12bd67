import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../llm/client.js";
import { MockAnthropicServer } from "../../llm/testing/mock-anthropic-server.js";
import { MockGeminiServer } from "../../llm/testing/mock-gemini-server.js";
import { withEnv } from "../../llm/testing/provider-env.js";
import { assistantAt } from "./testing/assistant-at-turn.js";

let anthropic: MockAnthropicServer;
let gemini: MockGeminiServer;
let restore: () => void;
beforeAll(async () => {
  anthropic = await MockAnthropicServer.start();
  gemini = await MockGeminiServer.start();
  restore = withEnv({
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: "test-key",
    GOOGLE_GENERATIVE_AI_BASE_URL: gemini.url,
    GOOGLE_GENERATIVE_AI_API_KEY: "test-key",
  });
});
afterAll(async () => {
  restore?.();
  await anthropic?.close();
  await gemini?.close();
});

describe("turn 100 of an episode with history.images: all (101 images)", () => {
  it("Anthropic takes the request with the oldest earlier view left out; Gemini takes all 101", async () => {
    const client = new LlmClient({ noCache: true, maxRetries: 0 });
    const claude = await client.complete(await assistantAt("anthropic:claude-sonnet-4-5", 100));
    expect(anthropic.refused).toEqual([]);
    expect(anthropic.requests[0]!.images).toBe(100);
    expect(claude.warnings).toContain(
      "left out the 1 oldest image of 101: anthropic takes at most 100 images per request",
    );
    await client.complete(await assistantAt("google:gemini-2.5-flash", 100));
    expect(gemini.refused).toEqual([]);
    expect(gemini.requests[0]!.images).toBe(101);
  });
});
