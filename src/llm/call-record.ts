import { sha256 } from "../core/hash.js";
import type {
  ModelCallRecord,
  StoredContentPart,
  StoredMessage,
  StoredSampling,
  TextRef,
} from "../core/model-call-record.js";
import type { LlmRequest, LlmResponse } from "./client.js";
import type { ContentPart, LlmMessage } from "./messages.js";
import type { NativeToolCall } from "./tools.js";
import { toolsView } from "./tools.js";

/** Where a call's images go: each is stored (or just hashed) and named by its SHA-256. */
export interface CallImageSink {
  put(png: Buffer): Promise<string>;
}

/** An image's name in a record: the SHA-256 its sink gave it. */
type ImageNames = (png: Buffer) => string;

/** One model call as made: the request as sent and the response as received. */
export interface CallTranscript {
  request: LlmRequest;
  response: LlmResponse;
  /** Whether it was the repair request that followed an unusable reply. */
  repair?: boolean;
}

/** Collects the long texts that calls name by hash: each text once, however many calls send it. */
export class TextTable {
  readonly texts: Record<string, string> = {};

  ref(text: string): TextRef {
    const digest = sha256(text);
    this.texts[digest] ??= text;
    return { sha256: digest, chars: text.length };
  }
}

const toolCallsOf = (calls: readonly NativeToolCall[] | undefined) =>
  (calls ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    input: c.input,
    ...(c.error !== undefined ? { error: c.error } : {}),
  }));

function partsOf(content: string | ContentPart[], images: ImageNames): string | StoredContentPart[] {
  if (typeof content === "string") return content;
  return content.map(
    (p): StoredContentPart =>
      p.type === "text"
        ? { type: "text", text: p.text }
        : { type: "image", image: images(p.data), mediaType: p.mediaType },
  );
}

function messageOf(m: LlmMessage, images: ImageNames): StoredMessage {
  if (m.role === "tool")
    return {
      role: "tool",
      results: m.results.map((r) => ({
        id: r.id,
        name: r.name,
        output: r.output,
        ...(r.isError ? { isError: true } : {}),
      })),
    };
  const content = partsOf(m.content, images);
  return m.role === "assistant" && m.toolCalls?.length
    ? { role: "assistant", content, toolCalls: toolCallsOf(m.toolCalls) }
    : { role: m.role, content };
}

function samplingOf(req: LlmRequest): StoredSampling {
  return {
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.topP !== undefined ? { topP: req.topP } : {}),
    ...(req.seed !== undefined ? { seed: req.seed } : {}),
    ...(req.maxOutputTokens !== undefined ? { maxOutputTokens: req.maxOutputTokens } : {}),
    ...(req.repetitionPenalty !== undefined ? { repetitionPenalty: req.repetitionPenalty } : {}),
  };
}

/**
 * A call as the run store keeps it: the request as sent (images stored through `images` and named
 * by hash; the system prompt, output schema and tool list named by hash in `texts`), the raw reply,
 * tokens, cost and latency (whole milliseconds).
 */
export async function modelCallRecord(
  call: CallTranscript,
  images: CallImageSink,
  texts: TextTable,
): Promise<ModelCallRecord> {
  const names = new Map<Buffer, string>();
  for (const m of call.request.messages)
    if (m.role !== "tool" && typeof m.content !== "string")
      for (const p of m.content) if (p.type === "image") names.set(p.data, await images.put(p.data));
  return modelCallRecordOf(call, (png) => names.get(png) ?? sha256(png), texts);
}

/**
 * `modelCallRecord` with images only named (by the SHA-256 of their bytes), not stored: for callers
 * that cannot wait for a store (their pictures can be drawn again from their data). Listed field by
 * field so every record of a call has the same key order, from the cache or fresh.
 */
export function modelCallRecordOf(
  call: CallTranscript,
  images: ImageNames,
  texts: TextTable,
): ModelCallRecord {
  const { request: req, response: r } = call;
  const messages = req.messages.map((m) => messageOf(m, images));
  return {
    model: req.model,
    repair: call.repair === true,
    system: req.system !== undefined ? texts.ref(req.system) : null,
    messages,
    ...(req.output
      ? { output: { name: req.output.name, schema: texts.ref(JSON.stringify(req.output.schema)) } }
      : {}),
    ...(req.tools?.length
      ? {
          tools: { specs: texts.ref(JSON.stringify(toolsView(req.tools))), choice: req.toolChoice ?? "auto" },
        }
      : {}),
    sampling: samplingOf(req),
    reply: { text: r.text, toolCalls: toolCallsOf(r.toolCalls) },
    usage: {
      inputTokens: r.inputTokens,
      cachedInputTokens: r.cachedInputTokens ?? 0,
      cacheWriteTokens: r.cacheWriteTokens ?? 0,
      outputTokens: r.outputTokens,
      costUsd: r.costUsd,
      ...(r.cacheSavingUsd !== undefined ? { cacheSavingUsd: r.cacheSavingUsd } : {}),
      cached: r.cached,
      attempts: r.attempts,
      latencyMs: Math.round(r.latencyMs),
    },
    ...(r.warnings?.length ? { providerWarnings: [...r.warnings] } : {}),
  };
}
