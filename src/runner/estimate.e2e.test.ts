import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer, type RecordedRequest } from "../llm/testing/mock-openai-server.js";
import { RenderService } from "../render/render-service.js";
import { estimateRun } from "./estimate.js";
import { runBenchmark } from "./run-benchmark.js";
import { parseRunConfig } from "./run-config.js";
import { tmpStore, trajectoriesOf } from "./testing/run-store-reads.js";

let render: RenderService;
let mock: MockOpenAIServer;
beforeAll(async () => {
  render = await RenderService.start({ poolSize: 2 });
  mock = await MockOpenAIServer.start();
  mock.countTokens = true;
});
afterAll(async () => {
  await render?.close();
  await mock?.close();
});

// Turns of about the paper's length (D.5): an assistant's two sentences, a shopper's one.
const ASSISTANT_SAYS =
  "Happy to help you find something that fits. There are a few good options on the shelves just ahead of you; could you tell me your budget and anything you would rather avoid, so I can narrow them down?";
const SHOPPER_SAYS = "I'm still deciding, so could you show me a couple more choices under my budget first?";

const roleOf = (r: RecordedRequest) =>
  (r.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;

/** A shopper that looks around and never buys, an assistant that keeps asking, a moderator that says no. */
function answer(r: RecordedRequest) {
  const role = roleOf(r);
  if (role === "moderator_decision") return JSON.stringify({ decision: "no" });
  if (role === "shopper_turn") {
    const n = mock.requests.filter((x) => roleOf(x) === "shopper_turn").length;
    const call =
      n % 3 === 0
        ? { name: "move_forward", arguments: { distance: 1.5 } }
        : { name: "turn", arguments: { direction: n % 6 < 3 ? "left" : "right", angle: 30 } };
    return JSON.stringify({ utterance: SHOPPER_SAYS, tool_call: call });
  }
  return JSON.stringify({
    utterance: ASSISTANT_SAYS,
    assistant_actions: [{ type: "AskPreference" }],
    expected_user_action: { name: "idle", arguments: {} },
    ranking: [],
    tool_calls: [],
  });
}

const sent = (name: string) => mock.requests.filter((r) => roleOf(r) === name);
const ROLES = { assistant: "assistant_turn", shopper: "shopper_turn", moderator: "moderator_decision" };

/**
 * Estimates the run, plays it against the mock, and gives what the estimate said (its high bound:
 * every episode to the turn limit) and what the server counted, per role, with the trajectories.
 */
async function estimateAndRun(runId: string, extra: Record<string, unknown>) {
  mock.requests.length = 0;
  mock.fallback = (r) => ({ kind: "text", content: answer(r), outputTokens: 40 });
  const storeDir = tmpStore(runId);
  const config = parseRunConfig({
    tasks: "0:1",
    maxTurns: 20,
    concurrency: 1,
    storeDir,
    agents: { assistant: mock.modelId(), shopper: mock.modelId() },
    llm: { noCache: true },
    ...extra,
  });
  const estimate = await estimateRun(config, { render, sample: 2 });
  expect(mock.requests).toHaveLength(0);
  const run = await runBenchmark(config, { render, runId, preflight: false });
  expect(run.status).toBe("complete");
  const trajectories = await trajectoriesOf(storeDir, runId);
  for (const t of trajectories) expect([t.outcome.reason, t.outcome.turns]).toEqual(["turn_limit", 20]);
  // What the run recorded is what the server reported: the tokens it counted.
  const received = Object.fromEntries(
    Object.entries(ROLES).map(([role, name]) => [role, sent(name).reduce((s, r) => s + r.inputTokens!, 0)]),
  );
  const total = Object.values(received).reduce((s, n) => s + n, 0);
  expect(run.summaries.reduce((s, x) => s + x.inputTokens, 0)).toBe(total);
  const estimated = Object.fromEntries(estimate.roles.map((r) => [r.role, r.inputTokens.high]));
  const all = estimate.roles.reduce((s, r) => s + r.inputTokens.high, 0);
  return { estimated, received, off: Math.abs(all - total) / total, trajectories };
}

describe("a run's estimate against what the server receives", () => {
  it("--estimate is within 10% of the input tokens 20-turn episodes with a model assistant and shopper send (default history: the last 3 views)", async () => {
    const { estimated, received, off, trajectories } = await estimateAndRun("grown", { env: "all" });
    expect(trajectories).toHaveLength(2);
    expect(off).toBeLessThan(0.1);
    for (const role of Object.keys(ROLES))
      expect(Math.abs(estimated[role]! - received[role]!) / received[role]!).toBeLessThan(0.1);
    // The roles' temperatures went out with every request, and the trajectories record them.
    for (const t of trajectories) {
      expect(t.header.temperatures).toEqual({ assistant: 0, user: 0.7, moderator: 0 });
      expect(t.header.context).toEqual({ historyImages: 3, captionIds: false, shopperMap: false });
    }
    const temperatures = (name: string) => [...new Set(sent(name).map((r) => r.body.temperature))];
    expect(temperatures(ROLES.assistant)).toEqual([0]);
    expect(temperatures(ROLES.shopper)).toEqual([0.7]);
    expect(temperatures(ROLES.moderator)).toEqual([0]);
    // At most the last three earlier views, the current one and the map; the shopper gets no map.
    expect(Math.max(...sent(ROLES.assistant).map((r) => r.images))).toBe(5);
    expect([...new Set(sent(ROLES.shopper).map((r) => r.images))]).toEqual([1]);
  });

  it("stays within 10% when every earlier view is sent (history.images all: requests grow to 21 images)", async () => {
    const { off } = await estimateAndRun("grown-all", { env: "supermarket", history: { images: "all" } });
    expect(Math.max(...sent(ROLES.assistant).map((r) => r.images))).toBe(21);
    expect(off).toBeLessThan(0.1);
  });
});
