import type { LlmRequest } from "../client.js";
import type { ModelSpec, ProviderName } from "../model-id.js";
import { requestTokens } from "../token-count.js";
import { ANTHROPIC_RULES } from "./anthropic.js";
import { GEMINI_RULES } from "./gemini.js";
import { type ImageLimits, limitImages } from "./image-limits.js";
import { EMPTY_TEXT_STAND_IN, type EmptyText, fillEmptyText } from "./non-empty-text.js";
import { OPENAI_RULES } from "./openai.js";
import { OPENAI_COMPATIBLE_RULES } from "./openai-compatible.js";

export type { ImageLimits } from "./image-limits.js";
export type { EmptyText } from "./non-empty-text.js";

/**
 * What one provider's API accepts and does, as far as siturec's requests touch it: each provider's
 * file (`anthropic.ts`, `gemini.ts`, `openai.ts`, `openai-compatible.ts`) cites the documentation its
 * values come from.
 */
export interface ProviderRules {
  provider: ProviderName;
  /** Which text parts the API refuses: `empty` (""), `blank` (also whitespace only) or none (`accepted`). */
  emptyText: EmptyText;
  /** How many images a request may carry and how large they may be (absent: no documented limit). */
  images?: ImageLimits;
  /** The shortest prefix, in tokens, the provider's prompt cache keeps for a model; undefined: none. */
  cacheMinimum(model: string): number | undefined;
  /** Whether the cache keeps only prefixes up to an explicit breakpoint (Anthropic's `cache_control`). */
  cacheBreakpoints: boolean;
  /**
   * Output tokens a model may spend thinking before it answers, counted against the same output
   * limit (OpenAI's reasoning models, Gemini 2.5 and later); 0 for a model that does not think.
   */
  thinkingAllowance(model: string): number;
}

const RULES: Record<ProviderName, ProviderRules> = {
  anthropic: ANTHROPIC_RULES,
  google: GEMINI_RULES,
  openai: OPENAI_RULES,
  "openai-compatible": OPENAI_COMPATIBLE_RULES,
};

/** A provider's rules. */
export function rulesFor(provider: ProviderName): ProviderRules {
  return RULES[provider];
}

/** A request as it will be sent, and what was changed to make the provider take it. */
export interface PreparedRequest {
  request: LlmRequest;
  /** One line per change (an image left out, an empty text filled), for the call's warnings. */
  warnings: string[];
}

/**
 * The request a provider will accept, from the one a role built: no empty text where the provider
 * refuses it, no more (or larger) images than it takes (the oldest left out, each change a warning),
 * and the output-token limit raised by the model's thinking allowance, since a thinking model spends
 * that limit on its thoughts first (`maxOutputTokens` is the answer's). Pure: what the cache keys and
 * what is sent are the same request.
 */
export function prepareRequest(req: LlmRequest, spec: ModelSpec): PreparedRequest {
  const rules = rulesFor(spec.provider);
  const warnings: string[] = [];
  const filled = fillEmptyText(req.messages, rules.emptyText);
  if (filled.filled)
    warnings.push(
      `${filled.filled} empty text${filled.filled === 1 ? " was" : "s were"} sent as "${EMPTY_TEXT_STAND_IN}" (${spec.provider} refuses empty text)`,
    );
  const limited = rules.images
    ? limitImages(filled.messages, rules.images, {
        provider: spec.provider,
        otherBytes: textBytes(req),
      })
    : { messages: filled.messages, warnings: [] };
  warnings.push(...limited.warnings);
  const thinking = rules.thinkingAllowance(spec.model);
  const request: LlmRequest = {
    ...req,
    messages: limited.messages,
    ...(req.maxOutputTokens !== undefined && thinking
      ? { maxOutputTokens: req.maxOutputTokens + thinking }
      : {}),
  };
  return { request, warnings };
}

/** The bytes of a request's text (system prompt, schema, tools, messages), for a request-size limit. */
function textBytes(req: LlmRequest): number {
  let n = Buffer.byteLength(req.system ?? "");
  if (req.output) n += Buffer.byteLength(JSON.stringify(req.output.schema));
  if (req.tools?.length) n += Buffer.byteLength(JSON.stringify(req.tools));
  for (const m of req.messages) {
    if (m.role === "tool") n += m.results.reduce((s, r) => s + Buffer.byteLength(r.output), 0);
    else if (typeof m.content === "string") n += Buffer.byteLength(m.content);
    else for (const p of m.content) if (p.type === "text") n += Buffer.byteLength(p.text);
  }
  return n;
}

const prefixes = new Map<string, number>();

/** The tokens of a request's constant prefix (system prompt, output schema, tools), remembered per prefix. */
function prefixTokens(req: LlmRequest): number {
  const key = JSON.stringify([
    req.model,
    req.system,
    req.output,
    req.tools?.map((t) => [t.name, t.description]),
  ]);
  let n = prefixes.get(key);
  if (n === undefined) {
    n = requestTokens({ ...req, messages: [] }).prefix;
    if (prefixes.size >= 64) prefixes.delete(prefixes.keys().next().value!);
    prefixes.set(key, n);
  }
  return n;
}

/**
 * Whether to mark the system prompt as a cache breakpoint: only for a provider that caches up to
 * one, and only when the prefix it ends (tools, system prompt) is at least the model's minimum; a
 * shorter one would be billed uncached anyway, and a breakpoint is one of only four.
 */
export function cacheBreakpoint(req: LlmRequest, spec: ModelSpec): boolean {
  const rules = rulesFor(spec.provider);
  if (!rules.cacheBreakpoints || !req.system) return false;
  const minimum = rules.cacheMinimum(spec.model);
  return minimum !== undefined && prefixTokens(req) >= minimum;
}

/**
 * The shortest prefix a model's provider caches, in tokens (undefined when it caches none): what a
 * cost estimate may assume served from the cache.
 */
export function cacheMinimumFor(spec: ModelSpec): number | undefined {
  return rulesFor(spec.provider).cacheMinimum(spec.model);
}
