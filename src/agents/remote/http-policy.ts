import { SiturecError, shortMessage } from "../../core/errors.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { ASSISTANT_FALLBACK, LlmAssistant, type LlmPolicyOptions } from "../llm/llm-assistant.js";
import { LlmShopper, SHOPPER_FALLBACK } from "../llm/llm-shopper.js";
import {
  type AssistantContext,
  type AssistantOutput,
  type AssistantPolicy,
  assistantOutputSchema,
  type PolicyReply,
  type ShopperContext,
  type ShopperOutput,
  type ShopperPolicy,
  shopperOutputSchema,
} from "../types.js";
import { imagePublisher } from "./chat-messages.js";
import { readAction } from "./read-action.js";
import { assistantObservation, type RemoteObservation, shopperObservation } from "./remote-observation.js";

/** How a role is pointed at a remote policy: `http-policy:` and the policy's base URL. */
export const HTTP_POLICY_PREFIX = "http-policy:";

/** A remote policy could not be reached or answered with something that is not an action. */
export class HttpPolicyError extends SiturecError {
  override readonly name = "HttpPolicyError";
}

/** Whether an agent id names a remote policy (`http-policy:http://host:port`). */
export function isHttpPolicyId(id: string): boolean {
  return id.startsWith(HTTP_POLICY_PREFIX);
}

/** The base URL of an `http-policy:` id; refused unless it is an http(s) URL. */
export function httpPolicyUrl(id: string): string {
  const url = id.slice(HTTP_POLICY_PREFIX.length).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(url))
    throw new HttpPolicyError(
      `'${id}': write http-policy:URL with an http(s) URL, e.g. http-policy:http://127.0.0.1:9000`,
      {
        exitCode: 2,
      },
    );
  return url;
}

export interface HttpPolicyOptions {
  /** Per request (default 120 s). */
  timeoutMs?: number;
  /** Attempts after the first for a refused connection, a timeout or a 5xx (default 3). */
  retries?: number;
  /** The first backoff (doubled each retry; default 500 ms). */
  backoffMs?: number;
}

/**
 * Asks a remote policy for one decision: `POST URL/act` with `{role, observation}` (the environment
 * server's observation: chat messages with images as data URLs, the action's JSON Schema, the parsed
 * context) and reads `{action}` from the reply. Connection failures, timeouts and 5xx answers are
 * retried with backoff; what still fails is thrown (the episode fails, as with a model call that
 * failed past its retries).
 */
export async function askRemote(
  url: string,
  observation: RemoteObservation,
  opts: HttpPolicyOptions = {},
): Promise<unknown> {
  const retries = opts.retries ?? 3;
  let wait = opts.backoffMs ?? 500;
  for (let attempt = 0; ; attempt++) {
    let retryable = true;
    try {
      const res = await fetch(`${url}/act`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ role: observation.role, observation }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000),
      });
      const text = await res.text();
      if (!res.ok) {
        retryable = res.status >= 500;
        throw new HttpPolicyError(`${url}/act answered ${res.status}: ${text.slice(0, 200)}`);
      }
      retryable = false;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new HttpPolicyError(`${url}/act answered with something that is not JSON`);
      }
      if (!body || typeof body !== "object" || !("action" in body))
        throw new HttpPolicyError(`${url}/act answered without an "action"`);
      return (body as { action: unknown }).action;
    } catch (err) {
      if (!retryable || attempt >= retries)
        throw err instanceof HttpPolicyError ? err : new HttpPolicyError(`${url}/act: ${shortMessage(err)}`);
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
    }
  }
}

const dataUrls = imagePublisher("data-url", () => "");

/**
 * The assistant played by a remote policy (`http-policy:URL`): each turn the policy gets what the
 * LLM assistant would send its model and answers with the assistant's output, read and validated as
 * a model's (an invalid one is a recorded format error and the fallback plays the turn).
 */
export class HttpAssistant implements AssistantPolicy {
  private readonly url: string;
  private readonly prompter: LlmAssistant;

  constructor(
    readonly id: string,
    k: StoreKnowledge,
    condition: AssistantContext["condition"],
    llm: LlmPolicyOptions,
    private readonly opts: HttpPolicyOptions = {},
  ) {
    this.url = httpPolicyUrl(id);
    this.prompter = new LlmAssistant(k, condition, llm);
  }

  async act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>> {
    const action = await askRemote(this.url, assistantObservation(ctx, this.prompter, dataUrls), this.opts);
    return readAction(action, assistantOutputSchema(ctx.env), ASSISTANT_FALLBACK, [
      "ranking",
    ]) as PolicyReply<AssistantOutput>;
  }
}

/** The shopper played by a remote policy (`http-policy:URL`), as HttpAssistant plays the assistant. */
export class HttpShopper implements ShopperPolicy {
  private readonly url: string;
  private readonly prompter: LlmShopper;

  constructor(
    readonly id: string,
    k: StoreKnowledge,
    llm: LlmPolicyOptions,
    private readonly opts: HttpPolicyOptions = {},
  ) {
    this.url = httpPolicyUrl(id);
    this.prompter = new LlmShopper(k, llm);
  }

  async act(ctx: ShopperContext): Promise<PolicyReply<ShopperOutput>> {
    const action = await askRemote(this.url, shopperObservation(ctx, this.prompter, dataUrls), this.opts);
    return readAction(action, shopperOutputSchema(ctx.env), SHOPPER_FALLBACK);
  }
}
