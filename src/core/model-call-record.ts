/**
 * The model calls of a turn as a run store keeps them beside the turn (not in the published
 * trajectory): each request as sent, the raw reply, and what it cost. Images are named by the
 * SHA-256 of their PNG (stored in the run store's images); long texts that repeat from call to call
 * (a system prompt, an output schema, a tool list) by the SHA-256 of their text, stored once.
 */

/** A text kept once by its SHA-256 (`texts` of `TurnModelCalls` holds it). */
export interface TextRef {
  /** The SHA-256 hex digest of the text (UTF-8). */
  sha256: string;
  /** Its length in characters, for a summary without the text. */
  chars: number;
}

/** One part of a stored message: text inline, an image by the SHA-256 of its bytes. */
export type StoredContentPart =
  | { type: "text"; text: string }
  | {
      type: "image";
      /** The SHA-256 hex digest of the image (a key of the run store's images). */
      image: string;
      /** Its media type as sent (`image/png`). */
      mediaType: string;
    };

/** A native tool call as the model made it (arguments parsed when they were JSON). */
export interface StoredToolCall {
  /** The provider's id of the call. */
  id: string;
  /** The tool's name. */
  name: string;
  /** The arguments: parsed JSON, or the raw text when it was not JSON. */
  input: unknown;
  /** Why the call was unusable (an undeclared tool, arguments that broke the schema). */
  error?: string;
}

/** One message of a request as sent, in order. */
export type StoredMessage =
  | {
      role: "user" | "assistant";
      /** The text, or the parts (text and images) in order. */
      content: string | StoredContentPart[];
      /** An assistant message's native tool calls. */
      toolCalls?: StoredToolCall[];
    }
  | {
      role: "tool";
      /** The results of the previous message's tool calls, one per call. */
      results: { id: string; name: string; output: string; isError?: boolean }[];
    };

/** The sampling settings a request was sent with (only those set). */
export interface StoredSampling {
  /** Sampling temperature. */
  temperature?: number;
  /** Nucleus sampling. */
  topP?: number;
  /** The sampling seed. */
  seed?: number;
  /** The most output tokens asked for. */
  maxOutputTokens?: number;
  /** vLLM's and llama.cpp's repetition penalty. */
  repetitionPenalty?: number;
}

/** What one call cost and how it went (all input tokens, of them those the provider's prompt cache served or wrote). */
export interface StoredCallUsage {
  /** All input tokens, cached or not. */
  inputTokens: number;
  /** Of `inputTokens`, those read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Of `inputTokens`, those written to the provider's prompt cache. */
  cacheWriteTokens: number;
  /** Output tokens. */
  outputTokens: number;
  /** What was paid, USD (0 when served from the response cache). */
  costUsd: number;
  /** What the provider's prompt cache saved, USD (set only with cache tokens). */
  cacheSavingUsd?: number;
  /** Served from the response cache (nothing sent, nothing paid). */
  cached: boolean;
  /** HTTP attempts (0 from the cache). */
  attempts: number;
  /** Wall time of the call, whole milliseconds. */
  latencyMs: number;
}

/** One model call: the request as sent, the raw reply, and its usage. */
export interface ModelCallRecord {
  /** The model id as the run named it (`provider:model`). */
  model: string;
  /** Whether this was the repair request that followed an unusable reply. */
  repair: boolean;
  /** The system prompt, by hash; null when none was sent. */
  system: TextRef | null;
  /** The messages sent, in order. */
  messages: StoredMessage[];
  /** The structured output asked for: its name and its JSON Schema (by hash). */
  output?: { name: string; schema: TextRef };
  /** The tools declared, as JSON (by hash), and the tool choice. */
  tools?: { specs: TextRef; choice: string };
  /** The sampling settings sent. */
  sampling: StoredSampling;
  /** The reply as received: its text and native tool calls. */
  reply: { text: string; toolCalls: StoredToolCall[] };
  /** Tokens, cost, latency, cache hit, attempts. */
  usage: StoredCallUsage;
  /** What the provider said it ignored or changed. */
  providerWarnings?: string[];
}

/** One role's calls in a turn, and what became of its reply. */
export interface RoleModelCalls {
  /** The role (`assistant`, `shopper`, `moderator`; CustomerSim's `shopper`, `sales`). */
  role: string;
  /** Its calls in the order they were made (a repair request after the reply it repairs). */
  calls: ModelCallRecord[];
  /** Why the output stayed unusable after the repair request (a fallback was used instead). */
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

/** A turn's model calls, by role, and the long texts they name by hash. */
export interface TurnModelCalls {
  /** Each role asked this turn, in the order asked; a role that made no model call is left out. */
  roles: RoleModelCalls[];
  /** The texts the calls name by SHA-256 (system prompts, output schemas, tool lists). */
  texts: Record<string, string>;
}

/**
 * The key under which a stored turn carries its model calls to `RunStore.writeTurn`. A symbol,
 * and not enumerable, so that the turn's JSON (the published trajectory) never holds them while
 * every caller that hands the turn to the store stores them with it, in the same transaction.
 */
export const MODEL_CALLS: unique symbol = Symbol.for("siturec.modelCalls");

/** A copy of `record` that carries `calls` to the store (the record itself is left as it is). */
export function withModelCalls<T extends object>(record: T, calls: TurnModelCalls | undefined): T {
  if (!calls) return record;
  const copy = { ...record };
  Object.defineProperty(copy, MODEL_CALLS, { value: calls, enumerable: false });
  return copy;
}

/** The model calls a stored turn carries, if any. */
export function modelCallsOf(record: object): TurnModelCalls | undefined {
  return (record as { [MODEL_CALLS]?: TurnModelCalls })[MODEL_CALLS];
}
