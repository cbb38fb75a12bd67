import { APICallError } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { classifyFailure, retryInfoMs } from "./failures.js";

const gemini429 = JSON.stringify({
  error: {
    code: 429,
    message: "You exceeded your current quota.",
    status: "RESOURCE_EXHAUSTED",
    details: [
      { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] },
      { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "37s" },
    ],
  },
});

describe("how long a rate-limited provider asks to wait", () => {
  it("reads Gemini's RetryInfo from the error body (no retry-after header), in seconds or fractions", () => {
    expect(retryInfoMs(gemini429)).toBe(37_000);
    expect(retryInfoMs(gemini429.replace('"37s"', '"1.5s"'))).toBe(1500);
    expect(retryInfoMs(`[${gemini429}]`)).toBe(37_000);
    expect(retryInfoMs('{"error":{"message":"RetryInfo"}}')).toBeUndefined();
    expect(retryInfoMs("not json RetryInfo")).toBeUndefined();
    expect(retryInfoMs(undefined)).toBeUndefined();
  });

  it("a 429 waits what retry-after says, else what the body's RetryInfo says", () => {
    const err = (headers: Record<string, string>, body?: string) =>
      new APICallError({
        message: "rate limited",
        url: "http://x",
        requestBodyValues: {},
        statusCode: 429,
        responseHeaders: headers,
        ...(body ? { responseBody: body } : {}),
      });
    expect(classifyFailure(err({}, gemini429))).toMatchObject({
      kind: "rate_limited",
      retry: true,
      waitMs: 37_000,
    });
    expect(classifyFailure(err({ "retry-after": "3" }, gemini429)).waitMs).toBe(3000);
    expect(classifyFailure(err({})).waitMs).toBeUndefined();
  });
});
