import { z } from "zod";
import { imageTokens, pngSize, textTokens } from "../token-count.js";

// What Anthropic's Messages API accepts (its request schema and documented rules, worded as the API
// words its 400s) and how the mock counts a request's tokens: the half of the mock that is the API's.

const MB = 1024 * 1024;
const CacheControl = z
  .object({ type: z.literal("ephemeral"), ttl: z.enum(["5m", "1h"]).optional() })
  .strict();
const TextBlock = z
  .object({ type: z.literal("text"), text: z.string(), cache_control: CacheControl.optional() })
  .strict();
const ImageBlock = z
  .object({
    type: z.literal("image"),
    source: z
      .object({
        type: z.literal("base64"),
        media_type: z.enum(["image/jpeg", "image/png", "image/gif", "image/webp"]),
        data: z.string().min(1),
      })
      .strict(),
    cache_control: CacheControl.optional(),
  })
  .strict();
const ToolUseBlock = z
  .object({
    type: z.literal("tool_use"),
    id: z.string().min(1),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
    cache_control: CacheControl.optional(),
  })
  .strict();
const ToolResultBlock = z
  .object({
    type: z.literal("tool_result"),
    tool_use_id: z.string().min(1),
    content: z.union([z.string(), z.array(z.union([TextBlock, ImageBlock]))]).optional(),
    is_error: z.boolean().optional(),
    cache_control: CacheControl.optional(),
  })
  .strict();
const Block = z.discriminatedUnion("type", [TextBlock, ImageBlock, ToolUseBlock, ToolResultBlock]);
type Block = z.infer<typeof Block>;

/**
 * The Messages API's request body (`POST /v1/messages`), as documented: `max_tokens` required,
 * `temperature` 0–1, tool names `^[a-zA-Z0-9_-]{1,64}$`, content blocks by type; unknown fields are
 * refused.
 */
export const MessagesRequest = z
  .object({
    model: z.string().min(1),
    max_tokens: z.number().int().min(1),
    messages: z
      .array(
        z
          .object({ role: z.enum(["user", "assistant"]), content: z.union([z.string(), z.array(Block)]) })
          .strict(),
      )
      .min(1),
    system: z.union([z.string(), z.array(TextBlock)]).optional(),
    temperature: z.number().min(0).max(1).optional(),
    top_p: z.number().min(0).max(1).optional(),
    top_k: z.number().int().min(0).optional(),
    stop_sequences: z.array(z.string()).optional(),
    stream: z.literal(false).optional(),
    metadata: z.object({ user_id: z.string().optional() }).strict().optional(),
    tools: z
      .array(
        z
          .object({
            name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
            description: z.string().optional(),
            input_schema: z.object({ type: z.literal("object") }).passthrough(),
            cache_control: CacheControl.optional(),
            strict: z.boolean().optional(),
          })
          .strict(),
      )
      .optional(),
    tool_choice: z
      .union([
        z
          .object({
            type: z.enum(["auto", "any", "none"]),
            disable_parallel_tool_use: z.boolean().optional(),
          })
          .strict(),
        z
          .object({
            type: z.literal("tool"),
            name: z.string(),
            disable_parallel_tool_use: z.boolean().optional(),
          })
          .strict(),
      ])
      .optional(),
  })
  .strict();
export type MessagesRequest = z.infer<typeof MessagesRequest>;

/** The largest `max_tokens` per model family (the models overview's table). */
const MAX_TOKENS: [RegExp, number][] = [
  [/claude-(sonnet|haiku|opus)-4-5/, 64_000],
  [/claude-opus-4-1/, 32_000],
];

export function blockText(b: Block | undefined): string | undefined {
  return b?.type === "text" ? b.text : undefined;
}

/** The first documented rule a valid-looking body breaks, as the API words it; undefined if none. */
export function brokenRule(body: MessagesRequest): string | undefined {
  const max = MAX_TOKENS.find(([re]) => re.test(body.model))?.[1];
  if (max !== undefined && body.max_tokens > max)
    return `max_tokens: ${body.max_tokens} > ${max}, which is the maximum allowed number of output tokens for ${body.model}`;
  if (
    /claude-(sonnet|haiku|opus)-4-5/.test(body.model) &&
    body.temperature !== undefined &&
    body.top_p !== undefined
  )
    return "`temperature` and `top_p` cannot both be specified for this model. Please use only one.";
  const blocks = [
    ...(body.tools ?? []),
    ...(typeof body.system === "string" ? [] : (body.system ?? [])),
    ...body.messages.flatMap((m) => (typeof m.content === "string" ? [] : m.content)),
  ];
  const marked = blocks.filter((b) => "cache_control" in b && b.cache_control).length;
  if (marked > 4) return `A maximum of 4 blocks with cache_control may be provided. Found ${marked}.`;
  return messageRule(body) ?? imageRule(body);
}

function messageRule(body: MessagesRequest): string | undefined {
  for (const [i, m] of body.messages.entries()) {
    const last = i === body.messages.length - 1;
    if (typeof m.content === "string" ? !m.content : !m.content.length) {
      if (!(last && m.role === "assistant"))
        return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
      continue;
    }
    if (typeof m.content === "string") {
      if (!m.content.trim()) return "messages: text content blocks must contain non-whitespace text";
      continue;
    }
    for (const b of m.content) {
      if (b.type !== "text") continue;
      if (!b.text) return "messages: text content blocks must be non-empty";
      if (!b.text.trim()) return "messages: text content blocks must contain non-whitespace text";
    }
    const uses = m.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
    const next = body.messages[i + 1];
    const answered = new Set(
      next && typeof next.content !== "string"
        ? next.content.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []))
        : [],
    );
    const open = uses.filter((id) => !answered.has(id));
    if (m.role === "assistant" && open.length && !last)
      return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${open.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  return undefined;
}

function imageRule(body: MessagesRequest): string | undefined {
  const images = body.messages.flatMap((m, i) =>
    typeof m.content === "string"
      ? []
      : m.content.flatMap((b, j) => (b.type === "image" ? [{ at: `messages.${i}.content.${j}`, b }] : [])),
  );
  if (images.length > 100) return `Too much media: 0 document pages + ${images.length} images > 100`;
  for (const { at, b } of images) {
    if (b.source.data.length > 5 * MB)
      return `${at}.image.source.base64: image exceeds 5 MB maximum: ${b.source.data.length} bytes > ${5 * MB} bytes`;
    const size = pngSize(Buffer.from(b.source.data, "base64"));
    const side = size ? Math.max(size.width, size.height) : 0;
    if (side > 8000)
      return `${at}.image.source.base64.data: At least one of the image dimensions exceed max allowed size: 8000 pixels`;
    if (images.length > 20 && side > 2000)
      return `${at}.image.source.base64.data: At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels`;
  }
  return undefined;
}

/**
 * The request's input tokens (o200k × 1.2 for text, Claude's rule for images, a few per message), and
 * the prefix up to and including the last block marked `cache_control` (tools, then system, then
 * messages), keyed by its content.
 */
export function countTokens(body: MessagesRequest): {
  total: number;
  prefix?: { key: string; tokens: number };
} {
  const t = (s: string) => textTokens(s, "anthropic:mock");
  const items: { tokens: number; view: unknown; marked: boolean }[] = [];
  for (const tool of body.tools ?? [])
    items.push({
      tokens: t(
        JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.input_schema }),
      ),
      view: tool,
      marked: !!tool.cache_control,
    });
  for (const b of typeof body.system === "string"
    ? [{ type: "text" as const, text: body.system }]
    : (body.system ?? []))
    items.push({ tokens: t(b.text), view: b.text, marked: "cache_control" in b && !!b.cache_control });
  for (const m of body.messages) {
    const blocks = typeof m.content === "string" ? [{ type: "text" as const, text: m.content }] : m.content;
    for (const [i, b] of blocks.entries())
      items.push({
        tokens: blockTokens(b, t) + (i === 0 ? 4 : 0),
        view: b,
        marked: "cache_control" in b && !!b.cache_control,
      });
  }
  const total = items.reduce((n, i) => n + i.tokens, 0);
  const last = items.findLastIndex((i) => i.marked);
  if (last < 0) return { total };
  const upTo = items.slice(0, last + 1);
  return {
    total,
    prefix: {
      key: upTo.map((i) => JSON.stringify(i.view)).join("\u0000"),
      tokens: upTo.reduce((n, i) => n + i.tokens, 0),
    },
  };
}

function blockTokens(b: Block, t: (s: string) => number): number {
  if (b.type === "text") return t(b.text);
  if (b.type === "tool_use") return t(b.name) + t(JSON.stringify(b.input));
  if (b.type === "tool_result")
    return typeof b.content === "string"
      ? t(b.content)
      : (b.content ?? []).reduce((n, c) => n + blockTokens(c, t), 0);
  const size = pngSize(Buffer.from(b.source.data, "base64"));
  return size ? imageTokens("anthropic", size.width, size.height) : 0;
}
