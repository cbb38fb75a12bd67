import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { MockAnthropicServer, type RecordedAnthropicRequest } from "../llm/testing/mock-anthropic-server.js";
import { withEnv } from "../llm/testing/provider-env.js";
import { trajectoriesOf } from "../runner/testing/run-store-reads.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("run-max-output-tokens");
const MODEL = "anthropic:claude-sonnet-4-5";
const ROLE: Record<string, string> = {
  assistant_turn: "assistant",
  shopper_turn: "shopper",
  moderator_decision: "moderator",
};
const REPLY: Record<string, unknown> = {
  assistant: {
    utterance: "Hello! What can I help you find?",
    assistant_actions: [{ type: "AskPreference" }],
    expected_user_action: { name: "idle", arguments: {} },
    ranking: [],
    tool_calls: [],
  },
  shopper: { utterance: "Oat milk, please.", tool_call: { name: "idle", arguments: {} } },
  moderator: { decision: "no" },
};

let mock: MockAnthropicServer;
let restore: () => void;
beforeAll(async () => {
  mock = await MockAnthropicServer.start();
  restore = withEnv({ ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: "test-key" });
  mock.fallback = (r) => ({ kind: "text", content: JSON.stringify(REPLY[ROLE[r.forcedTool ?? ""] ?? ""]) });
});
afterAll(async () => {
  restore?.();
  await mock?.close();
});
const limits = (role: string) =>
  mock.requests
    .filter((r: RecordedAnthropicRequest) => ROLE[r.forcedTool ?? ""] === role)
    .map((r) => r.body.max_tokens);

describe("siturec run --max-output-tokens ROLE=N", () => {
  it("sends the role's limit, keeps the config's temperature beside it, and records every model role's limit in the header", async () => {
    const dir = tmp();
    const config = join(dir, "run.json");
    writeFileSync(
      config,
      JSON.stringify({ agents: { assistant: { id: MODEL, temperature: 0.3 }, shopper: MODEL } }),
    );
    const r = await runCli(
      ...["run", "--config", config, "--env", "supermarket", "--tasks", "0:1", "--max-turns", "2"],
      ...["--max-output-tokens", "assistant=3000", "--temperature", "moderator=0.1"],
      ...["--out", dir, "--run-id", "limits", "--no-cache", "--quiet"],
    );
    expect(r.code, r.err).toBe(0);
    expect(mock.refused).toEqual([]);
    expect(new Set(limits("assistant"))).toEqual(new Set([3000]));
    expect(new Set(limits("shopper"))).toEqual(new Set([1000]));
    expect(new Set(limits("moderator"))).toEqual(new Set([400]));
    const assistant = mock.requests.find((q) => q.forcedTool === "assistant_turn")!;
    expect(assistant.body.temperature).toBe(0.3);
    const [t] = await trajectoriesOf(dir, "limits");
    expect(t!.header.maxOutputTokens).toEqual({ assistant: 3000, user: 1000, moderator: 400 });
    expect(t!.header.temperatures).toEqual({ assistant: 0.3, user: 0.7, moderator: 0.1 });
  });

  it("refuses a limit for a built-in role and a malformed one, naming the flag", async () => {
    const builtin = await runCli("run", "--max-output-tokens", "shopper=500", "--out", tmp());
    expect(builtin.code).toBe(2);
    expect(builtin.err).toContain("--max-output-tokens shopper=500: the shopper is 'rule', not a model");
    const bad = await runCli("run", "--max-output-tokens", "assistant=0", "--out", tmp());
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain("'assistant=0' is not ROLE=N");
  });
});
