import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModelV3 } from "@ai-sdk/provider";
import type { LanguageModel } from "ai";
import { SiturecError } from "../core/errors.js";
import { KEY_VARIABLES, type ModelSpec, type ProviderName } from "./model-id.js";

export class MissingApiKeyError extends SiturecError {
  override readonly name = "MissingApiKeyError";
  constructor(message: string) {
    super(message, { exitCode: 2, hint: "`siturec models` shows which keys are set" });
  }
}

/** The first of a provider's key variables that is set, or undefined. */
export function apiKeyFor(provider: ProviderName): { variable: string; value: string } | undefined {
  for (const variable of KEY_VARIABLES[provider]) {
    const value = process.env[variable];
    if (value) return { variable, value };
  }
  return undefined;
}

/** The provider's key for a model, or a MissingApiKeyError naming the variables that hold it. */
function requiredKey(spec: ModelSpec): string {
  const key = apiKeyFor(spec.provider);
  if (!key)
    throw new MissingApiKeyError(
      `${spec.id} needs an API key: set ${KEY_VARIABLES[spec.provider].join(" or ")} in the environment`,
    );
  return key.value;
}

/** The environment variable that points each hosted provider at another endpoint (a proxy, a mock). */
export const BASE_URL_VARIABLES = {
  openai: "OPENAI_BASE_URL",
  anthropic: "ANTHROPIC_BASE_URL",
  google: "GOOGLE_GENERATIVE_AI_BASE_URL",
} as const satisfies Partial<Record<ProviderName, string>>;

/**
 * The base URL a hosted provider's requests go to, from its variable (undefined: the provider's own).
 * Each is read the way the provider's own SDK reads it, so a proxy set up for that SDK works as it is:
 * `OPENAI_BASE_URL` includes the version (`https://host/v1`), as for OpenAI's SDK and the AI SDK;
 * `ANTHROPIC_BASE_URL` is the host without it (`https://host`), as for Anthropic's SDK, and `/v1` is
 * added unless it already ends the URL (the AI SDK appends only `/messages`); and
 * `GOOGLE_GENERATIVE_AI_BASE_URL` gets `/v1beta` unless it already ends in an API version (the AI
 * SDK reads no variable for Google at all: without this, Gemini could not be pointed elsewhere).
 */
export function baseUrlFor(provider: keyof typeof BASE_URL_VARIABLES): string | undefined {
  const value = process.env[BASE_URL_VARIABLES[provider]]?.trim().replace(/\/+$/, "");
  if (!value) return undefined;
  if (provider === "anthropic") return /\/v1$/.test(value) ? value : `${value}/v1`;
  if (provider === "google") return /\/v1(alpha|beta)?$/.test(value) ? value : `${value}/v1beta`;
  return value;
}

/** `{ baseURL }` when the provider's variable is set, else nothing (the SDK's default). */
function baseUrlOption(provider: keyof typeof BASE_URL_VARIABLES): { baseURL?: string } {
  const baseURL = baseUrlFor(provider);
  return baseURL ? { baseURL } : {};
}

/**
 * A Vercel AI SDK language model for a model spec, with the key from the provider's usual
 * environment variable (OpenAI-compatible servers need none unless they ask for one) and the base
 * URL from `BASE_URL_VARIABLES` (see `baseUrlFor`).
 */
export function languageModel(spec: ModelSpec): LanguageModel {
  const need = () => requiredKey(spec);
  const key = apiKeyFor(spec.provider);
  switch (spec.provider) {
    case "openai":
      return createOpenAI({ apiKey: need(), ...baseUrlOption("openai") })(spec.model);
    case "anthropic":
      return createAnthropic({ apiKey: need(), ...baseUrlOption("anthropic") })(spec.model);
    case "google":
      return createGoogleGenerativeAI({ apiKey: need(), ...baseUrlOption("google") })(spec.model);
    case "openai-compatible":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: spec.baseURL!,
        // vLLM, llama.cpp's server and most others take `response_format: {type: "json_schema"}`.
        supportsStructuredOutputs: true,
        ...(key ? { apiKey: key.value } : {}),
      })(spec.model);
  }
}

export class NoEmbeddingModelsError extends SiturecError {
  override readonly name = "NoEmbeddingModelsError";
  constructor(message: string) {
    super(message, { exitCode: 2, hint: "use an openai:, google: or openai-compatible: embedding model id" });
  }
}

/**
 * A Vercel AI SDK embedding model for a model spec (e.g. `openai:text-embedding-3-small`, or an
 * OpenAI-compatible server's `/embeddings`), with the key as for `languageModel`. Anthropic has none.
 */
export function embeddingModel(spec: ModelSpec): EmbeddingModelV3 {
  const need = () => requiredKey(spec);
  const key = apiKeyFor(spec.provider);
  switch (spec.provider) {
    case "openai":
      return createOpenAI({ apiKey: need(), ...baseUrlOption("openai") }).embeddingModel(spec.model);
    case "google":
      return createGoogleGenerativeAI({ apiKey: need(), ...baseUrlOption("google") }).embeddingModel(
        spec.model,
      );
    case "openai-compatible":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: spec.baseURL!,
        ...(key ? { apiKey: key.value } : {}),
      }).embeddingModel(spec.model);
    case "anthropic":
      throw new NoEmbeddingModelsError(`${spec.id}: Anthropic offers no embedding models`);
  }
}

/** A key for concurrency limits: one pool per provider (per server for OpenAI-compatible ones). */
export function providerPool(spec: ModelSpec): string {
  return spec.provider === "openai-compatible" ? `openai-compatible@${spec.baseURL}` : spec.provider;
}
