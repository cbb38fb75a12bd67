import { SiturecError } from "../core/errors.js";

/** Providers a model id may name: `provider:model`, or `openai-compatible:MODEL@BASE_URL`. */
export const PROVIDERS = ["openai", "anthropic", "google", "openai-compatible"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelSpec {
  /** The id as given, e.g. `openai:gpt-4o`. */
  id: string;
  provider: ProviderName;
  model: string;
  /** OpenAI-compatible servers only: where the server is (vLLM, Ollama, llama.cpp, OpenRouter, …). */
  baseURL?: string;
}

export class NoSuchProviderError extends SiturecError {
  override readonly name = "NoSuchProviderError";
  constructor(message: string) {
    super(message, { exitCode: 2 });
  }
}

export class InvalidModelIdError extends SiturecError {
  override readonly name = "InvalidModelIdError";
  constructor(message: string) {
    super(message, { exitCode: 2 });
  }
}

/** Parses `openai:gpt-4o`, `anthropic:claude-…`, `google:gemini-…`, `openai-compatible:qwen3-vl-8b@http://host:8000/v1`. */
export function parseModelId(id: string): ModelSpec {
  const colon = id.indexOf(":");
  if (colon <= 0) {
    throw new InvalidModelIdError(
      `'${id}' is not a model id; write provider:model, e.g. openai:gpt-4o or openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1`,
    );
  }
  const provider = id.slice(0, colon);
  const rest = id.slice(colon + 1);
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new NoSuchProviderError(
      `unknown provider '${provider}' in '${id}'; known providers: ${PROVIDERS.join(", ")}`,
    );
  }
  if (!rest) throw new InvalidModelIdError(`'${id}' names no model after '${provider}:'`);
  if (provider === "openai-compatible") {
    const at = rest.lastIndexOf("@");
    const model = at > 0 ? rest.slice(0, at) : "";
    const baseURL = at > 0 ? rest.slice(at + 1) : "";
    if (!model || !/^https?:\/\//.test(baseURL)) {
      throw new InvalidModelIdError(
        `'${id}': an OpenAI-compatible model is MODEL@BASE_URL, e.g. openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1`,
      );
    }
    return { id, provider, model, baseURL: baseURL.replace(/\/+$/, "") };
  }
  return { id, provider: provider as ProviderName, model: rest };
}

/** The environment variable holding each provider's API key (the providers' usual names). */
export const KEY_VARIABLES: Record<ProviderName, string[]> = {
  openai: ["OPENAI_API_KEY"],
  anthropic: ["ANTHROPIC_API_KEY"],
  google: ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"],
  "openai-compatible": ["OPENAI_COMPATIBLE_API_KEY"],
};
