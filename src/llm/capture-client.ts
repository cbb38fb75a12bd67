import { SiturecError } from "../core/errors.js";
import { LlmClient, type LlmCompletion, type LlmRequest } from "./client.js";
import type { PriceTable } from "./prices.js";

/** Thrown by a `CaptureClient` when a tag asks once more than it keeps: an estimate has what it needs. */
export class CaptureDone extends SiturecError {
  override readonly name = "CaptureDone";
  constructor(tag: string) {
    super(`${tag}: requests captured`);
  }
}

export interface CaptureOptions {
  prices?: PriceTable;
  /** Requests kept per tag (default 1: the first). */
  perTag?: number;
  /** The text that answers a captured request, so the caller's turn goes on (e.g. the role's fallback). */
  answer: (req: LlmRequest) => string;
}

/**
 * A model client that sends nothing (no HTTP, no cache): it keeps the first `perTag` requests of each
 * tag, answers them with `answer`, and throws `CaptureDone` when that tag asks once more. Cost estimates build
 * the real requests of a run through it.
 */
export class CaptureClient extends LlmClient {
  readonly captured: LlmRequest[] = [];
  private readonly seen = new Map<string, number>();
  private readonly answer: (req: LlmRequest) => string;
  private readonly perTag: number;

  constructor(opts: CaptureOptions) {
    super({ noCache: true, ...(opts.prices ? { prices: opts.prices } : {}) });
    this.answer = opts.answer;
    this.perTag = opts.perTag ?? 1;
  }

  override async complete(req: LlmRequest): Promise<LlmCompletion> {
    const tag = req.tag ?? "other";
    const seen = this.seen.get(tag) ?? 0;
    if (seen >= this.perTag) throw new CaptureDone(tag);
    this.seen.set(tag, seen + 1);
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
