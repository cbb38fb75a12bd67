import type { LlmRequest } from "./client.js";

/** The question a reachability check asks: a few tokens in, one word out. */
export const PING_TEXT = "Reply with the single word OK.";

/** The request `siturec ping` and a run's preflight make: never answered from the cache. */
export function pingRequest(model: string, tag?: string): LlmRequest {
  return {
    model,
    messages: [{ role: "user", content: PING_TEXT }],
    maxOutputTokens: 16,
    temperature: 0,
    noCache: true,
    ...(tag ? { tag } : {}),
  };
}
