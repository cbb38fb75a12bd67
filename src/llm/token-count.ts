import { createRequire } from "node:module";
import type { LlmRequest } from "./client.js";
import { parseModelId } from "./model-id.js";
import { toolInputJsonSchema } from "./tools.js";

/**
 * Counts the tokens of a text for one model family (see `defaultCounter`); `setTextTokenCounter`
 * swaps in another counter without changing any caller.
 */
export type TextTokenCounter = (text: string, model: string) => number;

/**
 * Tokens of a provider's tokenizer per o200k_base token, for providers whose tokenizer is not
 * published. Anthropic's (Claude 3 to 4.x) splits the same text into 16% (English prose) to 30%
 * (code) more tokens than GPT-4o's; these prompts mix prose, lists and a JSON schema. Gemini's
 * SentencePiece runs 5–10% above o200k for English. Both are measured comparisons, not the
 * tokenizers: an estimate a little high rather than low.
 */
export const O200K_RATIO: Readonly<Record<string, number>> = { anthropic: 1.2, google: 1.1 };

const require = createRequire(import.meta.url);
let o200k: ((text: string) => number) | undefined;

/**
 * Text is counted with `gpt-tokenizer`'s o200k_base BPE (loaded on first use: its ranks are
 * megabytes, and most commands never count): exact for OpenAI models, close for OpenAI-compatible
 * servers (most serve models with a similar vocabulary), and scaled by `O200K_RATIO` for the others.
 */
function defaultCounter(text: string, model: string): number {
  if (!text) return 0;
  o200k ??= (require("gpt-tokenizer/encoding/o200k_base") as { countTokens: (t: string) => number })
    .countTokens;
  const n = o200k(text);
  const ratio = O200K_RATIO[model.split(":")[0] ?? ""];
  return ratio ? Math.ceil(n * ratio) : n;
}

let counter: TextTokenCounter = defaultCounter;

/** Replaces the text counter (e.g. with a provider's own tokenizer). */
export function setTextTokenCounter(c: TextTokenCounter): void {
  counter = c;
}

export function textTokens(text: string, model: string): number {
  return counter(text, model);
}

/** PNG dimensions from its IHDR chunk (undefined when the data is not a PNG). */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 24 || data.readUInt32BE(0) !== 0x89504e47) return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The largest image area Anthropic takes unscaled (1092 × 1092). */
const ANTHROPIC_MAX_PIXELS = 1092 * 1092;

/**
 * The input tokens of one image of `width` × `height` pixels by each provider's published rule:
 * - OpenAI (GPT-4o/4.1-class, detail high/auto) and OpenAI-compatible servers: fit in 2048×2048,
 *   shortest side to 768, then 85 + 170 per 512-px tile. (GPT-4o-mini and the patch-based mini/nano
 *   models bill images with other multipliers; not modelled.)
 * - Anthropic: fit the long edge in 1568 px and the area in about 1.19 megapixels (1092 × 1092, the
 *   largest square sent unscaled: about 1,600 tokens), then width × height / 750.
 * - Gemini (2.x): 258 tokens when both sides are ≤ 384 px, else 258 per 768×768 tile.
 */
export function imageTokens(provider: string, width: number, height: number): number {
  if (width <= 0 || height <= 0) return 0;
  if (provider === "anthropic") {
    const s = Math.min(1, 1568 / Math.max(width, height), Math.sqrt(ANTHROPIC_MAX_PIXELS / (width * height)));
    return Math.ceil((Math.round(width * s) * Math.round(height * s)) / 750);
  }
  if (provider === "google") {
    if (width <= 384 && height <= 384) return 258;
    return 258 * Math.ceil(width / 768) * Math.ceil(height / 768);
  }
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(1, 768 / Math.min(w, h));
  w *= short;
  h *= short;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/** Input tokens of a request, split into its constant prefix (system prompt, schema, tools) and the rest. */
export interface RequestTokens {
  /** System prompt, output schema and tool declarations: what a provider's prefix cache can serve. */
  prefix: number;
  /** Messages: text and images. */
  messages: number;
  images: number;
  total: number;
}

/**
 * Counts a request's input tokens without sending it: the system prompt, the output schema or tool
 * declarations (as JSON, the way they are sent), each message's text and its images by the
 * provider's rule, plus a few tokens of framing a message (as OpenAI's chat format has).
 */
export function requestTokens(req: LlmRequest): RequestTokens {
  const { provider } = parseModelId(req.model);
  const t = (s: string) => textTokens(s, req.model);
  const prefix =
    (req.system ? t(req.system) + 4 : 0) +
    (req.output ? t(JSON.stringify(req.output.schema)) : 0) +
    (req.tools?.length
      ? t(
          JSON.stringify(
            req.tools.map((x) => ({
              name: x.name,
              description: x.description,
              parameters: toolInputJsonSchema(x),
            })),
          ),
        )
      : 0);
  let messages = 0;
  let images = 0;
  for (const m of req.messages) {
    messages += 4;
    if (m.role === "tool") {
      for (const r of m.results) messages += t(r.output);
      continue;
    }
    if (typeof m.content === "string") messages += t(m.content);
    else
      for (const p of m.content) {
        if (p.type === "text") messages += t(p.text);
        else {
          const size = pngSize(p.data);
          const n = size ? imageTokens(provider, size.width, size.height) : 0;
          images += n;
          messages += n;
        }
      }
    if (m.role === "assistant") for (const c of m.toolCalls ?? []) messages += t(JSON.stringify(c.input));
  }
  return { prefix, messages, images, total: prefix + messages };
}
