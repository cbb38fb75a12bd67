import type { ModelCallRecord, StoredMessage, TextRef, TurnModelCalls } from "../core/model-call-record.js";
import type { MessageView, ModelCallView, TurnCallsView } from "./model-call-types.js";

/** A text by its hash, or a note saying it is missing (a store whose texts were copied without it). */
function textOf(ref: TextRef, texts: Record<string, string>): string {
  return texts[ref.sha256] ?? `(text ${ref.sha256} is not in this store: ${ref.chars} characters)`;
}

function messageView(m: StoredMessage): MessageView {
  if (m.role === "tool") return { role: "tool", results: m.results };
  return {
    role: m.role,
    parts: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content,
    ...(m.toolCalls?.length ? { toolCalls: m.toolCalls } : {}),
  };
}

function callView(c: ModelCallRecord, texts: Record<string, string>): ModelCallView {
  return {
    model: c.model,
    repair: c.repair,
    system: c.system ? textOf(c.system, texts) : null,
    messages: c.messages.map(messageView),
    ...(c.output ? { output: { name: c.output.name, schema: textOf(c.output.schema, texts) } } : {}),
    ...(c.tools ? { tools: { specs: textOf(c.tools.specs, texts), choice: c.tools.choice } } : {}),
    sampling: { ...c.sampling },
    reply: c.reply,
    usage: {
      inputTokens: c.usage.inputTokens,
      uncachedInputTokens: c.usage.inputTokens - c.usage.cachedInputTokens,
      cachedInputTokens: c.usage.cachedInputTokens,
      cacheWriteTokens: c.usage.cacheWriteTokens,
      outputTokens: c.usage.outputTokens,
      costUsd: c.usage.costUsd,
      ...(c.usage.cacheSavingUsd !== undefined ? { cacheSavingUsd: c.usage.cacheSavingUsd } : {}),
      cached: c.usage.cached,
      attempts: c.usage.attempts,
      latencyMs: c.usage.latencyMs,
    },
    providerWarnings: c.providerWarnings ?? [],
  };
}

/** A turn's stored calls as the replay shows them: texts resolved, uncached input tokens counted. */
export function turnCallsView(turn: number, stored: TurnModelCalls): TurnCallsView {
  return {
    turn,
    roles: stored.roles.map(({ calls, ...role }) => ({
      ...role,
      calls: calls.map((c) => callView(c, stored.texts)),
    })),
  };
}
