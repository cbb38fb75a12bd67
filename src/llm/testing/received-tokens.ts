import { imageTokens, pngSize, textTokens } from "../token-count.js";

type Part = { type: string; text?: string; image_url?: { url?: string } };
type Message = { content?: unknown; tool_calls?: { function?: { arguments?: string } }[] };

/** An `image_url` part's PNG size (data URLs only; 0×0 for anything else). */
function imageSize(url: string | undefined): { width: number; height: number } {
  const data = url?.startsWith("data:") ? Buffer.from(url.slice(url.indexOf(",") + 1), "base64") : undefined;
  return (data && pngSize(data)) ?? { width: 0, height: 0 };
}

/**
 * The input tokens of a chat-completions body as an OpenAI server counts them: o200k_base for every
 * text (messages, tool-call arguments, the response format's schema, the tools' declarations), a few
 * tokens framing each message, and each image by OpenAI's tile rule.
 */
export function receivedTokens(body: Record<string, unknown>): number {
  const count = (text: string) => textTokens(text, "openai:mock");
  let n = 0;
  const schema = (body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema
    ?.schema;
  if (schema) n += count(JSON.stringify(schema));
  if (Array.isArray(body.tools) && body.tools.length)
    n += count(JSON.stringify(body.tools.map((t: { function?: unknown }) => t.function)));
  for (const m of (body.messages ?? []) as Message[]) {
    n += 4;
    if (typeof m.content === "string") n += count(m.content);
    else if (Array.isArray(m.content))
      for (const p of m.content as Part[]) {
        if (p.type === "text") n += count(p.text ?? "");
        else if (p.type === "image_url") {
          const { width, height } = imageSize(p.image_url?.url);
          n += imageTokens("openai", width, height);
        }
      }
    for (const c of m.tool_calls ?? []) n += count(c.function?.arguments ?? "");
  }
  return n;
}
