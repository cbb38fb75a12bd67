import { APICallError } from "@ai-sdk/provider";
import type { LlmErrorKind } from "./client.js";

/** Seconds or an HTTP date in `retry-after`, or milliseconds in `retry-after-ms`. */
export function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = Number(lower["retry-after-ms"]);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = lower["retry-after"];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The wait a Google API error body asks for: `error.details[]`'s `google.rpc.RetryInfo` with its
 * `retryDelay` as a protobuf duration ("37s", "1.5s"). Gemini's 429 `RESOURCE_EXHAUSTED` says it
 * there, not in a `retry-after` header.
 */
export function retryInfoMs(body: string | undefined): number | undefined {
  if (!body?.includes("RetryInfo")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const error = (Array.isArray(parsed) ? parsed[0] : parsed) as { error?: { details?: unknown } } | undefined;
  const details = Array.isArray(error?.error?.details)
    ? (error.error.details as Record<string, unknown>[])
    : [];
  const info = details.find((d) => String(d["@type"] ?? "").endsWith("google.rpc.RetryInfo"));
  const delay = /^(\d+(?:\.\d+)?)s$/.exec(String(info?.retryDelay ?? ""));
  return delay ? Math.round(Number(delay[1]) * 1000) : undefined;
}

/**
 * How a failed attempt is treated: 429, 5xx, unreadable 2xx bodies, resets and timeouts are retried
 * (with any wait the server asked for); other 4xx and unreachable hosts are not.
 */
export function classifyFailure(err: unknown): {
  kind: LlmErrorKind;
  message: string;
  retry: boolean;
  status?: number;
  waitMs?: number;
} {
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const wait = retryAfterMs(err.responseHeaders) ?? retryInfoMs(err.responseBody);
    if (status === 429)
      return {
        kind: "rate_limited",
        message: `rate limited (429)`,
        retry: true,
        status,
        ...(wait !== undefined ? { waitMs: wait } : {}),
      };
    if (status !== undefined && status >= 500) {
      return {
        kind: "http",
        message: `server error ${status}`,
        retry: true,
        status,
        ...(wait !== undefined ? { waitMs: wait } : {}),
      };
    }
    // A 2xx whose body cannot be read (truncated or garbled JSON) is a transient fault: try again.
    if (status !== undefined && status < 300)
      return { kind: "http", message: `unreadable response body: ${err.message}`, retry: true, status };
    if (status !== undefined)
      return { kind: "http", message: `HTTP ${status}: ${err.message}`, retry: false, status };
    const cause = (err.cause as { code?: string } | undefined)?.code;
    // A connection the server closed or reset is transient (the AI SDK words it "Cannot connect to
    // API: other side closed"): retried, not taken for an unreachable host.
    if (
      cause === "ECONNRESET" ||
      cause === "UND_ERR_SOCKET" ||
      /other side closed|socket hang up|ECONNRESET|terminated/i.test(
        `${err.message} ${String(err.cause ?? "")}`,
      )
    )
      return { kind: "http", message: `connection reset (${cause ?? "closed by the server"})`, retry: true };
    if (
      cause === "ECONNREFUSED" ||
      cause === "ENOTFOUND" ||
      /cannot connect to api|fetch failed|ECONNREFUSED|ENOTFOUND/i.test(err.message)
    ) {
      return {
        kind: "unreachable",
        message: `cannot reach ${err.url}: ${cause ?? err.message}`,
        retry: false,
      };
    }
    return { kind: "http", message: err.message, retry: err.isRetryable };
  }
  const e = err as Error & { cause?: { code?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError")
    return { kind: "timeout", message: "request timed out", retry: true };
  const code = e?.cause?.code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return { kind: "unreachable", message: `cannot reach the server (${code})`, retry: false };
  }
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET")
    return { kind: "http", message: `connection reset (${code})`, retry: true };
  return { kind: "http", message: e?.message ?? String(err), retry: false };
}
