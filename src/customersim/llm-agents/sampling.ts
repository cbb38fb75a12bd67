import { z } from "zod";
import { parseModelId } from "../../llm/model-id.js";
import { MAX_OUTPUT_TOKENS_LIMIT } from "../../llm/output-tokens.js";

const OUTPUT_LIMIT = `max output tokens must be a whole number from 1 to ${MAX_OUTPUT_TOKENS_LIMIT}`;

/**
 * How a model-backed CustomerSim agent samples, and how long its answers may be; what is left out the
 * provider decides (the output limit: the agent's, `CUSTOMERSIM_MAX_OUTPUT_TOKENS`).
 */
export const Sampling = z
  .object({
    temperature: z
      .number()
      .min(0, "temperature must be 0 to 2")
      .max(2, "temperature must be 0 to 2")
      .optional(),
    topP: z
      .number()
      .gt(0, "top-p must be above 0, at most 1")
      .max(1, "top-p must be above 0, at most 1")
      .optional(),
    repetitionPenalty: z
      .number()
      .gt(0, "repetition penalty must be above 0, at most 2 (1 is none)")
      .max(2, "repetition penalty must be above 0, at most 2 (1 is none)")
      .optional(),
    maxOutputTokens: z
      .number()
      .int(OUTPUT_LIMIT)
      .min(1, OUTPUT_LIMIT)
      .max(MAX_OUTPUT_TOKENS_LIMIT, OUTPUT_LIMIT)
      .optional(),
  })
  .strict();
export type Sampling = z.infer<typeof Sampling>;

/**
 * The paper's settings (§4.1): open models at temperature 0.7 with repetition penalty 1.1, served here
 * through an OpenAI-compatible server (vLLM, llama.cpp, Ollama), which takes the penalty.
 */
export const OPEN_MODEL_SAMPLING: Readonly<Sampling> = { temperature: 0.7, repetitionPenalty: 1.1 };

/** The paper's closed models (OpenAI, Anthropic, Google) at 1.0: their APIs allowed nothing else. */
export const CLOSED_MODEL_SAMPLING: Readonly<Sampling> = { temperature: 1 };

/** A model's default sampling, by its provider: an OpenAI-compatible server is an open model. */
export function defaultSampling(model: string): Sampling {
  return parseModelId(model).provider === "openai-compatible"
    ? { ...OPEN_MODEL_SAMPLING }
    : { ...CLOSED_MODEL_SAMPLING };
}

/** A model's sampling: its provider's defaults, with what was given in their place. */
export function resolveSampling(model: string, given: Sampling = {}): Sampling {
  return { ...defaultSampling(model), ...given };
}

/** As the run summary prints it: `temperature 0.7, repetition penalty 1.1`. */
export function samplingText(s: Sampling): string {
  return [
    s.temperature !== undefined ? `temperature ${s.temperature}` : "",
    s.topP !== undefined ? `top-p ${s.topP}` : "",
    s.repetitionPenalty !== undefined ? `repetition penalty ${s.repetitionPenalty}` : "",
    s.maxOutputTokens !== undefined ? `max output tokens ${s.maxOutputTokens}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}
