import { SiturecError } from "../core/errors.js";
import { redact } from "./redact.js";

export type LlmErrorKind =
  | "missing_key"
  | "unknown_provider"
  | "unreachable"
  | "timeout"
  | "http"
  | "rate_limited";

/** What to do about each kind of failure, for the command line's hint. */
const LLM_ERROR_HINTS: Partial<Record<LlmErrorKind, string>> = {
  missing_key: "`siturec models` shows which keys are set",
  unreachable: "is the server running, and is the URL right?",
  timeout: "the server did not answer in time; raise the timeout (llm.timeoutMs, or --timeout for ping)",
  rate_limited: "the provider is rate limiting; lower llm.concurrency or try again later",
};

/** A model call that failed for good (after retries): its kind, and a message without secrets. */
export class LlmError extends SiturecError {
  override readonly name = "LlmError";
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(redact(message), LLM_ERROR_HINTS[kind] ? { hint: LLM_ERROR_HINTS[kind] } : {});
  }
}
