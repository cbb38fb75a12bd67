/**
 * The JSON of `GET /api/runs/RUN/episodes/ENV/TASK/calls/N`: one turn's model calls per role, as
 * the replay's "Model calls" panel shows them. Types only (the browser app imports them). Images are
 * SHA-256 hashes of the run store's images (`imageUrl(hash)` in the app); texts are whole.
 */

/** A turn's model calls. */
export interface TurnCallsView {
  /** The turn, 1-based as the replay's address has it. */
  turn: number;
  /** Each role asked, in the order asked (a role that made no model call is left out). */
  roles: RoleCallsView[];
}

/** One role's calls in the turn, and what became of its reply. */
export interface RoleCallsView {
  /** `assistant`, `shopper`, `moderator` (CustomerSim: `shopper`, `sales`). */
  role: string;
  /** The calls in the order made: a repair request after the reply it repairs. */
  calls: ModelCallView[];
  /** Why the output stayed unusable after the repair request (the role's fallback was used). */
  formatError?: string;
  /** What lenient validation fixed without changing the meaning. */
  formatWarnings?: string[];
  /** Whether a repair request was needed. */
  repaired: boolean;
  /** Whether the JSON object had to be taken out of a code fence or prose. */
  fencedJson?: boolean;
  /** Tool names a reply gave that the store does not have. */
  invalidTools?: string[];
}

/** One part of a message: text, or an image by hash. */
export type PartView = { type: "text"; text: string } | { type: "image"; image: string; mediaType: string };

/** A native tool call. */
export interface ToolCallView {
  /** The provider's id of the call. */
  id: string;
  /** The tool's name. */
  name: string;
  /** The arguments (parsed JSON, or the raw text). */
  input: unknown;
  /** Why the call was unusable. */
  error?: string;
}

/** One message sent, in order. */
export type MessageView =
  | {
      role: "user" | "assistant";
      /** Its text and images in order (a plain text message is one text part). */
      parts: PartView[];
      /** An assistant message's native tool calls. */
      toolCalls?: ToolCallView[];
    }
  | {
      role: "tool";
      /** The results of the previous message's tool calls. */
      results: { id: string; name: string; output: string; isError?: boolean }[];
    };

/** Tokens, cost and timing of one call. */
export interface CallUsageView {
  /** All input tokens. */
  inputTokens: number;
  /** Input tokens the provider's prompt cache did not serve (`inputTokens − cachedInputTokens`). */
  uncachedInputTokens: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Input tokens written to the provider's prompt cache. */
  cacheWriteTokens: number;
  /** Output tokens. */
  outputTokens: number;
  /** What was paid, USD (0 from the response cache). */
  costUsd: number;
  /** What the provider's prompt cache saved, USD. */
  cacheSavingUsd?: number;
  /** Served from the response cache. */
  cached: boolean;
  /** HTTP attempts (0 from the cache). */
  attempts: number;
  /** Wall time, milliseconds. */
  latencyMs: number;
}

/** One model call: the request as sent, the raw reply, its usage. */
export interface ModelCallView {
  /** The model id (`provider:model`). */
  model: string;
  /** Whether it was the repair request after an unusable reply. */
  repair: boolean;
  /** The system prompt, or null when none was sent. */
  system: string | null;
  /** The messages sent, in order. */
  messages: MessageView[];
  /** The structured output asked for: its name and JSON Schema (as JSON text). */
  output?: { name: string; schema: string };
  /** The tools declared (as JSON text) and the tool choice. */
  tools?: { specs: string; choice: string };
  /** The sampling settings sent (temperature, topP, seed, maxOutputTokens, repetitionPenalty). */
  sampling: Record<string, number>;
  /** The raw reply: its text and native tool calls. */
  reply: { text: string; toolCalls: ToolCallView[] };
  /** Tokens, cost, latency, cache hit, attempts. */
  usage: CallUsageView;
  /** What the provider said it ignored or changed. */
  providerWarnings: string[];
}
