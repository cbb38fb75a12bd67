import { SiturecError } from "../core/errors.js";
import { LlmClient, type LlmCompletion, type LlmRequest } from "./client.js";
import type { PriceTable } from "./prices.js";

/** Thrown by a `CaptureClient` when a tag asks a second time: its first request is all an estimate needs. */
export class CaptureDone extends SiturecError {
  override readonly name = "CaptureDone";
  constructor(tag: string) {
    super(`${tag}: first request captured`);
  }
}

export interface CaptureOptions {
  prices?: PriceTable;
  /** The text that answers a captured request, so the caller's turn goes on (e.g. the role's fallback). */
  answer: (req: LlmRequest) => string;
}

/**
 * A model client that sends nothing (no HTTP, no cache): it keeps the first request of each tag,
 * answers it with `answer`, and throws `CaptureDone` when that tag asks again. Cost estimates build
 * the real requests of a run through it.
 */
export class CaptureClient extends LlmClient {
  readonly captured: LlmRequest[] = [];
  private readonly seen = new Set<string>();
  private readonly answer: (req: LlmRequest) => string;

  constructor(opts: CaptureOptions) {
    super({ noCache: true, ...(opts.prices ? { prices: opts.prices } : {}) });
    this.answer = opts.answer;
  }

  override async complete(req: LlmRequest): Promise<LlmCompletion> {
    const tag = req.tag ?? "other";
    if (this.seen.has(tag)) throw new CaptureDone(tag);
    this.seen.add(tag);
    this.captured.push(req);
    return {
      text: this.answer(req),
      toolCalls: [],
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      cached: false,
      attempts: 0,
      latencyMs: 0,
    };
  }
}
