import type { ContentPart, LlmMessage } from "../messages.js";

/** Which text a provider refuses: `empty` (""), `blank` (also whitespace only), or none (`accepted`). */
export type EmptyText = "accepted" | "empty" | "blank";

/**
 * What an empty text is sent as where the provider refuses empty text: a model that answered nothing
 * (or only a reasoning block, which is stripped) said nothing, and the next request says so.
 */
export const EMPTY_TEXT_STAND_IN = "(empty)";

/**
 * Messages with no text the provider refuses: a refused text part is dropped when its message has
 * other content (another part, tool calls) and replaced by `EMPTY_TEXT_STAND_IN` when it is all the
 * message says. Tool results are left as they are (their content may be empty).
 */
export function fillEmptyText(
  messages: LlmMessage[],
  rule: EmptyText,
): { messages: LlmMessage[]; filled: number } {
  if (rule === "accepted") return { messages, filled: 0 };
  const refused = (text: string) => (rule === "blank" ? !text.trim() : !text);
  let filled = 0;
  const out = messages.map((m): LlmMessage => {
    if (m.role === "tool") return m;
    const calls = m.role === "assistant" && (m.toolCalls?.length ?? 0) > 0;
    if (typeof m.content === "string") {
      if (!refused(m.content)) return m;
      // With tool calls the text is left out of the message altogether (`toModelMessages`).
      if (calls) return m.content ? { ...m, content: "" } : m;
      filled++;
      return { ...m, content: EMPTY_TEXT_STAND_IN };
    }
    const kept = m.content.filter((p) => p.type !== "text" || !refused(p.text));
    if (kept.length === m.content.length) return m;
    if (kept.length || calls) return { ...m, content: kept } as LlmMessage;
    filled++;
    const standIn: ContentPart[] = [{ type: "text", text: EMPTY_TEXT_STAND_IN }];
    return { ...m, content: standIn } as LlmMessage;
  });
  return { messages: out, filled };
}
