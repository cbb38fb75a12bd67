import { toolInputJsonSchema } from "../../llm/tools.js";
import type { Turn } from "../chat/index.js";
import { SHOPPER_TOOL_SPECS } from "../llm-agents/tool-specs.js";
import type {
  TrlMessage,
  TrlPromptMessage,
  TrlTool,
  TrlToolCall,
  VerlMessage,
} from "./trainer-row-schemas.js";

/**
 * Where a trained shopper turn carries its stored reasoning: `content` (default) as the
 * `<reasoning>…</reasoning>` block the shopper prompt's example asks for, before what it says;
 * `reasoning_content` as the field thinking-model chat templates render; `none` left out.
 */
export type ReasoningPlacement = "content" | "reasoning_content" | "none";

/** The shopper's tools (`add_to_cart`, `end_conversation`) in the format chat templates take. */
export function trlShopperTools(): TrlTool[] {
  return SHOPPER_TOOL_SPECS.map((s) => ({
    type: "function",
    function: { name: s.name, description: s.description, parameters: toolInputJsonSchema(s) },
  }));
}

// The ids the LLM shopper gives its calls when it replays them (`LlmShopper.messages`).
const callId = (turn: Turn, i: number) => `call_${turn.index}_${i}`;

function toolCallsOf(turn: Turn): TrlToolCall[] {
  return turn.toolCalls.map((c, i) => ({
    id: callId(turn, i),
    type: "function",
    function: { name: c.name, arguments: c.arguments ?? {} },
  }));
}

/** What the shopper is told a call did, as the LLM shopper is told it: `ok`, or why it failed. */
function toolResultText(turn: Turn, i: number): string {
  const r = turn.toolResults[i];
  return r?.ok ? "ok" : `error: ${r?.error ?? "invalid call"}`;
}

/** A shopper turn's text with its reasoning placed as asked. */
export function placeReasoning(text: string, reasoning: string | undefined, placement: ReasoningPlacement) {
  const r = reasoning?.trim();
  if (!r || placement === "none") return { content: text };
  if (placement === "reasoning_content") return { content: text, reasoning_content: r };
  return { content: text ? `<reasoning>\n${r}\n</reasoning>\n${text}` : `<reasoning>\n${r}\n</reasoning>` };
}

/**
 * A transcript as TRL chat messages with the shopper as the assistant: the salesperson's turns are
 * `user` messages, a shopper turn's calls structured `tool_calls`, and each call of a turn the
 * conversation went on after is answered by a `tool` message. `ended`: the transcript is a whole
 * conversation, so its last turn's (terminal) calls stay unanswered.
 */
export function trlMessages(
  transcript: readonly Turn[],
  reasoning: ReasoningPlacement,
  ended = true,
): TrlMessage[] {
  const out: TrlMessage[] = [];
  for (const [k, turn] of transcript.entries()) {
    if (turn.role === "sales") {
      out.push({ role: "user", content: turn.text, train: false });
      continue;
    }
    const calls = toolCallsOf(turn);
    out.push({
      role: "assistant",
      ...placeReasoning(turn.text, turn.reasoning, reasoning),
      ...(calls.length ? { tool_calls: calls } : {}),
      train: turn.formatErrors.length === 0,
    });
    if (ended && k === transcript.length - 1) continue;
    for (const [i, call] of calls.entries())
      out.push({
        role: "tool",
        tool_call_id: call.id,
        name: call.function.name,
        content: toolResultText(turn, i),
        train: false,
      });
  }
  return out;
}

/** The conversation so far as a prompt: what the shopper model sees (no reasoning, no `train`). */
export function trlPromptMessages(history: readonly Turn[]): TrlPromptMessage[] {
  return trlMessages(history, "none", false).map(({ train: _, ...m }) => m);
}

/** A call as text, in the Hermes `<tool_call>` form chat models write and the shopper's reader takes. */
export const toolCallText = (name: string, args: unknown): string =>
  `<tool_call>\n${JSON.stringify({ name, arguments: args ?? {} })}\n</tool_call>`;

/** The conversation so far as verl's role/content messages, tool calls written as text. */
export function verlPromptMessages(history: readonly Turn[]): VerlMessage[] {
  return trlPromptMessages(history).map((m) => {
    const calls = (m.tool_calls ?? []).map((c) => toolCallText(c.function.name, c.function.arguments));
    return { role: m.role, content: [m.content, ...calls].filter(Boolean).join("\n") };
  });
}

/**
 * The shopper's tools described in its system prompt for trainers that render none (verl's
 * single-turn rollouts): the signatures, and how to call one in text.
 */
export function textToolInstructions(tools: readonly TrlTool[] = trlShopperTools()): string {
  const signatures = tools.map((t) => JSON.stringify(t)).join("\n");
  return [
    "# Tools",
    `You may call these functions. Their signatures:\n<tools>\n${signatures}\n</tools>`,
    `To call one, write a JSON object with its name and arguments in <tool_call></tool_call> tags, for example:\n${toolCallText("add_to_cart", { product_id: "fc-017" })}`,
  ].join("\n\n");
}
