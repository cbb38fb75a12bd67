import type { RawToolCall } from "../chat/index.js";

export interface ReadText {
  /** What the other side sees: the reply without reasoning blocks and textual tool calls. */
  text: string;
  /** The private reasoning (`<reasoning>…</reasoning>` as in the ICL example, or `<think>…</think>`). */
  reasoning?: string;
  /** Tool calls written into the text instead of made natively, as raw calls for the chat layer to judge. */
  textToolCalls: RawToolCall[];
}

// Closing tags are matched leniently: the paper's example prints `<reasoning>…<reasoning>`.
const block = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)(?:</?${tag}>|$)`, "gi");

function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * One `<tool_call>` body as a raw call: JSON `{"name"|"function": …, "arguments"|"parameters": …}`,
 * `name(args)` or a bare `name`. What cannot be read becomes a call the chat layer rejects (a format
 * error), never a guess.
 */
export function textToolCall(body: string): RawToolCall {
  const s = body.trim();
  try {
    const v = JSON.parse(s) as Record<string, unknown>;
    const name = v.name ?? v.function;
    if (typeof name === "string")
      return { name, arguments: parseArguments(v.arguments ?? v.parameters ?? v.args ?? {}) };
  } catch {
    // not JSON: try the other shapes
  }
  const call = /^([A-Za-z_][\w]*)\s*\(([\s\S]*)\)$/.exec(s);
  if (call) return { name: call[1]!, arguments: parseArguments(call[2]!.trim() || "{}") };
  if (/^[A-Za-z_]\w*$/.test(s)) return { name: s, arguments: {} };
  return { name: "tool_call_text", arguments: s };
}

const tidy = (text: string) => text.replace(/\n{3,}/g, "\n\n").trim();

/** A reply without its reasoning blocks, and the reasoning. */
export function stripReasoning(raw: string): { text: string; reasoning?: string } {
  const reasoning: string[] = [];
  let text = raw;
  for (const tag of ["reasoning", "think"]) {
    text = text.replace(block(tag), (_, inner: string) => {
      if (inner.trim()) reasoning.push(inner.trim());
      return "";
    });
  }
  return { text: tidy(text), ...(reasoning.length ? { reasoning: reasoning.join("\n\n") } : {}) };
}

/** Splits a model's reply into what it says, its private reasoning, and any tool calls written as text. */
export function readReplyText(raw: string): ReadText {
  const { text, reasoning } = stripReasoning(raw);
  const textToolCalls: RawToolCall[] = [];
  const said = text.replace(block("tool_call"), (_, inner: string) => {
    if (inner.trim()) textToolCalls.push(textToolCall(inner));
    return "";
  });
  return { text: tidy(said), ...(reasoning !== undefined ? { reasoning } : {}), textToolCalls };
}
