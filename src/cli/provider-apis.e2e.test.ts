import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JUDGE_DIMENSIONS } from "../agents/types.js";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { CUSTOMERSIM_MAX_OUTPUT_TOKENS } from "../customersim/llm-agents/agent-options.js";
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../llm/output-tokens.js";
import { costOf, DEFAULT_PRICES } from "../llm/prices.js";
import { MockAnthropicServer, type RecordedAnthropicRequest } from "../llm/testing/mock-anthropic-server.js";
import { MockGeminiServer, type RecordedGeminiRequest } from "../llm/testing/mock-gemini-server.js";
import type { ProviderMockReply } from "../llm/testing/mock-provider-server.js";
import { withEnv } from "../llm/testing/provider-env.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("provider-apis");
type Recorded = RecordedAnthropicRequest | RecordedGeminiRequest;
type Role = "assistant" | "shopper" | "moderator" | "judge" | "cs-shopper";

/** Each provider's mock and how its requests and usage read. */
interface Provider {
  name: string;
  model: string;
  start(): Promise<MockAnthropicServer | MockGeminiServer>;
  env(url: string): Record<string, string>;
  /** The output limit a request named, less the model's thinking allowance. */
  limit(r: Recorded): number | undefined;
  /** The usage the mock answered with, as the client reads it. */
  usage(r: Recorded): { input: number; cached: number; written: number; output: number } | undefined;
  /** A request's messages as they went, to look for the empty-text stand-in. */
  text(r: Recorded): string;
}

const PROVIDERS: Provider[] = [
  {
    name: "Anthropic",
    model: "anthropic:claude-sonnet-4-5",
    start: () => MockAnthropicServer.start(),
    env: (url) => ({ ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "test-key" }),
    limit: (r) => (r as RecordedAnthropicRequest).body.max_tokens,
    usage: (r) =>
      r.usage && {
        input:
          r.usage.input_tokens! + r.usage.cache_creation_input_tokens! + r.usage.cache_read_input_tokens!,
        cached: r.usage.cache_read_input_tokens!,
        written: r.usage.cache_creation_input_tokens!,
        output: r.usage.output_tokens!,
      },
    text: (r) => JSON.stringify((r as RecordedAnthropicRequest).body.messages),
  },
  {
    name: "Gemini",
    model: "google:gemini-2.5-flash",
    start: () => MockGeminiServer.start(),
    env: (url) => ({ GOOGLE_GENERATIVE_AI_BASE_URL: url, GOOGLE_GENERATIVE_AI_API_KEY: "test-key" }),
    limit: (r) => {
      const n = (r as RecordedGeminiRequest).body.generationConfig?.maxOutputTokens;
      return n === undefined ? undefined : n - 8192;
    },
    usage: (r) =>
      r.usage && {
        input: r.usage.promptTokenCount!,
        cached: r.usage.cachedContentTokenCount ?? 0,
        written: 0,
        output: r.usage.candidatesTokenCount! + (r.usage.thoughtsTokenCount ?? 0),
      },
    text: (r) => JSON.stringify((r as RecordedGeminiRequest).body.contents),
  },
];

const FORCED: Record<string, Role> = {
  assistant_turn: "assistant",
  shopper_turn: "shopper",
  moderator_decision: "moderator",
  judge_scores: "judge",
};

/** Which role sent a request: the forced output tool (Anthropic), the response schema (Gemini), the tools. */
function roleOf(r: Recorded): Role {
  if (r.forcedTool && FORCED[r.forcedTool]) return FORCED[r.forcedTool]!;
  const schema = (r as RecordedGeminiRequest).body.generationConfig?.responseSchema as
    | { properties?: Record<string, unknown> }
    | undefined;
  const keys = Object.keys(schema?.properties ?? {});
  if (keys.includes("assistant_actions")) return "assistant";
  if (keys.includes("tool_call")) return "shopper";
  if (keys.includes("decision")) return "moderator";
  if (keys.includes("scores")) return "judge";
  if (r.tools.includes("add_to_cart")) return "cs-shopper";
  throw new Error(`a request of no known role: ${JSON.stringify(r.body).slice(0, 200)}`);
}

const REPLIES: Record<Exclude<Role, "cs-shopper">, unknown> = {
  assistant: {
    utterance: "Hello! What can I help you find today?",
    assistant_actions: [{ type: "AskPreference" }],
    expected_user_action: { name: "idle", arguments: {} },
    ranking: [],
    tool_calls: [],
  },
  shopper: { utterance: "Hi, I'm looking for oat milk.", tool_call: { name: "idle", arguments: {} } },
  moderator: { decision: "no" },
  judge: {
    scores: Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, 4])),
    rationale: "Helpful and grounded.",
  },
};

/** The CustomerSim shopper opens, then buys the first product the salesperson shows (`(xx-000)`). */
function customerSimReply(p: Provider, r: Recorded): ProviderMockReply {
  const id = [...p.text(r).matchAll(/\(([a-z]{2}-\d{3})\)/g)].at(-1)?.[1];
  return id && !p.text(r).includes("add_to_cart")
    ? {
        kind: "text",
        content: "<reasoning>It fits my budget.</reasoning>\nI'll take it.",
        toolCalls: [{ name: "add_to_cart", arguments: JSON.stringify({ product_id: id }) }],
      }
    : { kind: "text", content: "Hi, I need a laptop for work." };
}

describe.each(PROVIDERS)("$name: a run, the judge and CustomerSim against a mock of its API", (p) => {
  let mock: MockAnthropicServer | MockGeminiServer;
  let restore: () => void;
  beforeAll(async () => {
    mock = await p.start();
    restore = withEnv(p.env(mock.url));
    const reply = (r: Recorded): ProviderMockReply => {
      const role = roleOf(r);
      return role === "cs-shopper"
        ? customerSimReply(p, r)
        : { kind: "text", content: JSON.stringify(REPLIES[role]) };
    };
    (mock as MockAnthropicServer).fallback = reply as (r: RecordedAnthropicRequest) => ProviderMockReply;
  });
  afterAll(async () => {
    restore?.();
    await mock?.close();
  });
  beforeEach(() => mock.reset());
  const dir = tmp();

  it("siturec run with every role a model: a 429 waited out, a refusal repaired, each role's output limit, tokens and cost as reported", async () => {
    // The first call (the assistant's) is rate-limited once, then refused; its repair request goes on.
    mock.enqueue({ kind: "status", status: 429, retryAfterSeconds: 0 }, { kind: "refusal" });
    const r = await runCli(
      "run",
      ...["--env", "supermarket", "--tasks", "0:2", "--max-turns", "2", "--concurrency", "1"],
      ...[
        "--assistant",
        p.model,
        "--shopper",
        p.model,
        "--out",
        dir,
        "--run-id",
        "llm",
        "--no-cache",
        "--quiet",
      ],
    );
    expect(r.code, r.err).toBe(0);
    expect(mock.refused).toEqual([]);
    const roles = mock.requests.map(roleOf);
    expect(new Set(roles)).toEqual(new Set(["assistant", "shopper", "moderator"]));
    for (const req of mock.requests) {
      const role = roleOf(req) as keyof typeof DEFAULT_MAX_OUTPUT_TOKENS;
      expect(p.limit(req), role).toBe(DEFAULT_MAX_OUTPUT_TOKENS[role]);
    }
    // The refused answer was empty: its repair request carries the stand-in, not an empty block.
    expect(mock.requests.some((req) => p.text(req).includes("(empty)"))).toBe(true);
    // What the run's ledger recorded is what the mock reported (pings included; no response cache), to the cent.
    const answered = [...mock.pings, ...mock.requests].flatMap((req) => p.usage(req) ?? []);
    const sum = (f: (u: (typeof answered)[number]) => number) => answered.reduce((n, u) => n + f(u), 0);
    const price = DEFAULT_PRICES[p.model]!;
    const cost = answered.reduce(
      (s, u) =>
        s +
        costOf(price, {
          inputTokens: u.input,
          cachedInputTokens: u.cached,
          cacheWriteTokens: u.written,
          outputTokens: u.output,
        }),
      0,
    );
    const store = openRunStore(dir, { readonly: true });
    const spent = await store.spent("llm").finally(() => store.close());
    const total = (f: (s: (typeof spent)[number]) => number) => spent.reduce((n, s) => n + f(s), 0);
    expect(total((s) => s.inputTokens)).toBe(sum((u) => u.input));
    expect(total((s) => s.cachedInputTokens)).toBe(sum((u) => u.cached));
    expect(total((s) => s.cacheWriteTokens)).toBe(sum((u) => u.written));
    expect(total((s) => s.outputTokens)).toBe(sum((u) => u.output));
    expect(Math.round(total((s) => s.costUsd) * 100)).toBe(Math.round(cost * 100));
    expect(total((s) => s.costUsd)).toBeCloseTo(cost, 9);
    // The assistant's long system prompt is cached (Anthropic: written, then read); the moderator's is not.
    expect(sum((u) => u.cached)).toBeGreaterThan(0);
    if (p.name === "Anthropic") {
      const marked = (role: Role) =>
        mock.requests
          .filter((req) => roleOf(req) === role)
          .map((req) => (req as RecordedAnthropicRequest).cacheControl);
      expect(new Set(marked("assistant"))).toEqual(new Set([true]));
      expect(new Set(marked("moderator"))).toEqual(new Set([false]));
    }
  });

  it("siturec judge on that run: the judge's output limit, nothing the API would refuse", async () => {
    const r = await runCli("judge", "llm", "--model", p.model, "--dir", dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("judged 2 of 2 trajectories");
    const judged = mock.requests.filter((req) => roleOf(req) === "judge");
    expect(judged).toHaveLength(2);
    for (const req of judged) expect(p.limit(req)).toBe(DEFAULT_MAX_OUTPUT_TOKENS.judge);
    expect(mock.refused).toEqual([]);
  });

  it("siturec customersim run: an empty answer, native tool calls, the shopper's output limit", async () => {
    const out = tmp();
    const config = join(out, "llm.json");
    writeFileSync(config, JSON.stringify({ llm: { noCache: true } }));
    // The first shopper turn says nothing: its next request carries it as the stand-in.
    mock.enqueue({ kind: "text", content: "" });
    const r = await runCli(
      "customersim",
      "run",
      ...["--shopper", p.model, "--sales", "reference", "--category", "laptops", "--personas", "0:2"],
      ...["--concurrency", "1", "--out", out, "--run-id", "cs", "--config", config, "--quiet"],
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/2 conversations: DA [\d.]+ · 2 purchases/);
    expect(mock.refused).toEqual([]);
    for (const req of mock.requests) expect(p.limit(req)).toBe(CUSTOMERSIM_MAX_OUTPUT_TOKENS.shopper);
    expect(mock.requests.some((req) => p.text(req).includes("(empty)"))).toBe(true);
  });
});
