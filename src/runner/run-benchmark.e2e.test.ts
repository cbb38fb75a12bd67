import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReferenceAssistant } from "../agents/reference/reference-assistant.js";
import type { CustomRole } from "../agents/role-registry.js";
import type { AssistantPolicy } from "../agents/types.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { SpendRow } from "../storage/run-store.js";
import { SqliteRunStore } from "../storage/sqlite-run-store.js";
import { StorageError } from "../storage/storage-error.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { RunIdentityError } from "./plan.js";
import { runBenchmark } from "./run-benchmark.js";
import { parseRunConfig } from "./run-config.js";
import { exportOf, tmpStore as tmp, trajectoriesOf } from "./testing/run-store-reads.js";

let render: RenderService;
let mock: MockOpenAIServer;
beforeAll(async () => {
  render = await RenderService.start({ poolSize: 2 });
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await render?.close();
  await mock?.close();
});

const greet = JSON.stringify({
  utterance: "Hello! What can I help you find today?",
  assistant_actions: [{ type: "AskPreference" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: ["not-a-product"],
  tool_calls: [],
});

describe("benchmark runs", () => {
  it("a model-backed run against the mock server completes, and rerunning it is served from the cache", async () => {
    mock.fallback = () => ({ kind: "text", content: greet, inputTokens: 900, outputTokens: 40 });
    const cacheDir = tmp("cache");
    const config = (storeDir: string) =>
      parseRunConfig({
        env: "supermarket",
        tasks: "0:2",
        maxTurns: 3,
        storeDir,
        agents: { assistant: mock.modelId() },
        llm: { cacheDir, prices: { [mock.modelId()]: { input: 1, output: 2 } } },
      });
    const first = await runBenchmark(config(tmp("runs")), { render, runId: "mock-run" });
    expect(first.status).toBe("complete");
    const requests = mock.requests.length;
    // Six assistant calls, each over HTTP or from the cache: both episodes open with the same request
    // (same view, empty dialogue), so whichever comes second may be a cache hit.
    const firstCalls = (await trajectoriesOf(first.storeDir, "mock-run")).flatMap((t) =>
      t.turns.flatMap((r) => r.assistant.calls),
    );
    expect(firstCalls).toHaveLength(6);
    expect(requests + firstCalls.filter((c) => c.cached).length).toBe(6);
    const s = first.summaries[0]!;
    expect(s.inputTokens).toBe(6 * 900);
    // Paid calls only: a cache hit costs nothing.
    expect(s.costUsd).toBeCloseTo((requests * (900 * 1 + 40 * 2)) / 1e6, 9);
    const again = await runBenchmark(config(tmp("runs")), { render, runId: "mock-run" });
    expect(mock.requests.length).toBe(requests);
    expect(again.summaries[0]!.reasons).toEqual(s.reasons);
    // The same outputs and actions, now from the cache.
    const outputs = async (dir: string) =>
      (await trajectoriesOf(dir, "mock-run")).flatMap((t) =>
        t.turns.map((r) => [r.assistant.output, r.shopper.output, r.execution]),
      );
    expect(await outputs(again.storeDir)).toEqual(await outputs(first.storeDir));
    const calls = (await trajectoriesOf(again.storeDir, "mock-run")).flatMap((t) =>
      t.turns.flatMap((r) => r.assistant.calls),
    );
    expect(calls.map((c) => c.cached)).toEqual([true, true, true, true, true, true]);
  });

  it("--resume refuses a changed identity and names what changed", async () => {
    const storeDir = tmp("runs");
    await runBenchmark(parseRunConfig({ env: "supermarket", tasks: "0:1", storeDir }), {
      render,
      runId: "r1",
    });
    const changed = runBenchmark(
      parseRunConfig({ env: "supermarket", tasks: "0:1", storeDir, maxTurns: 10 }),
      { render, resume: "r1" },
    );
    await expect(changed).rejects.toThrow(RunIdentityError);
    await expect(
      runBenchmark(parseRunConfig({ env: "supermarket", tasks: "0:1", storeDir, maxTurns: 10 }), {
        render,
        resume: "r1",
      }),
    ).rejects.toThrow(/maxTurns: 20 → 10/);
    const same = await runBenchmark(
      parseRunConfig({ env: "supermarket", tasks: "0:1", storeDir, concurrency: 3 }),
      { render, resume: "r1" },
    );
    expect(same.timing.episodes).toBe(0);
  });

  it("a run records its browser, and --resume with another browser is refused, naming it", async () => {
    const storeDir = tmp("runs");
    const config = parseRunConfig({ env: "supermarket", tasks: "0:1", storeDir });
    await runBenchmark(config, { render, runId: "b1" });
    const store = openRunStore(storeDir);
    const run = await store.getRun("b1");
    await store.close();
    expect(run?.identityParts.browser).toEqual({
      version: render.browserVersion,
      renderer: render.rendererName,
    });
    expect(render.browserVersion).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const real = render.browserVersion;
    render.browserVersion = "999.0.0.0";
    try {
      await expect(runBenchmark(config, { render, resume: "b1" })).rejects.toThrow(
        `browser.version: "${real}" → "999.0.0.0"`,
      );
    } finally {
      render.browserVersion = real;
    }
  });

  it("a policy that throws mid-episode ends it with reason error, stored as such, and a resume plays it again", async () => {
    let failing = true;
    // The reference assistant, except that it falls over on turn 2 while `failing` is set.
    const flaky: CustomRole<AssistantPolicy> = {
      id: "flaky",
      create: (o) => {
        const inner = new ReferenceAssistant(o.knowledge);
        return {
          id: "flaky",
          act: async (ctx) => {
            if (failing && ctx.turn === 2) throw new Error("the policy fell over");
            return inner.act(ctx);
          },
        };
      },
    };
    const config = (storeDir: string) => parseRunConfig({ env: "supermarket", tasks: "0:2", storeDir });
    const storeDir = tmp("flaky");
    const first = await runBenchmark(config(storeDir), { render, runId: "flaky", assistant: flaky });
    expect(first.status).toBe("incomplete");
    expect(first.summaries[0]!.errors).toBe(2);

    const store = openRunStore(storeDir);
    const rows = await store.episodes("flaky");
    expect(rows.map((r) => [r.status, r.reason, r.turns, r.error])).toEqual([
      ["error", "error", 2, "the policy fell over"],
      ["error", "error", 2, "the policy fell over"],
    ]);
    const failed: Trajectory[] = [];
    for await (const t of store.trajectories("flaky", { includeErrors: true })) failed.push(t);
    expect(failed.map((t) => [t.outcome.reason, t.turns.length])).toEqual([
      ["error", 2],
      ["error", 2],
    ]);
    expect(await store.finishedKeys("flaky")).toEqual(new Set());
    await store.close();

    failing = false;
    const resumed = await runBenchmark(config(storeDir), { render, resume: "flaky", assistant: flaky });
    expect(resumed.status).toBe("complete");
    expect(resumed.timing.episodes).toBe(2);
    // The replayed episodes are exactly what an uninterrupted run gives.
    const cleanDir = tmp("clean");
    await runBenchmark(config(cleanDir), { render, runId: "flaky", assistant: flaky });
    expect(await exportOf(storeDir, "flaky")).toBe(await exportOf(cleanDir, "flaky"));
  });

  it("every role model-backed through the mock: the schema in each request, no format errors on good answers, warnings on lenient fixes", async () => {
    const storeDir = tmp("all-models");
    mock.requests.length = 0;
    let assistantTurns = 0;
    const json = (value: unknown) => ({ kind: "text" as const, content: JSON.stringify(value) });
    mock.fallback = (req) => {
      const format = req.body.response_format as { json_schema?: { name?: string } } | undefined;
      switch (format?.json_schema?.name) {
        case "assistant_turn": {
          assistantTurns++;
          const ranking = Array.from(
            { length: assistantTurns === 2 ? 11 : 2 },
            (_, i) => `sm-${String(i + 1).padStart(3, "0")}`,
          );
          return json({
            utterance: "Hello! What are you looking for today?",
            assistant_actions: [{ type: "AskPreference" }],
            expected_user_action: { name: "idle", arguments: {} },
            ranking,
            tool_calls: [],
            ...(assistantTurns === 3 ? { mood: "cheerful" } : {}),
          });
        }
        case "shopper_turn":
          return json({ utterance: "I need some cereal.", tool_call: { name: "idle", arguments: {} } });
        case "moderator_decision":
          return json({ decision: "no" });
        default:
          return { kind: "status", status: 400, body: "no response_format" };
      }
    };
    const result = await runBenchmark(
      parseRunConfig({
        env: "supermarket",
        tasks: "0:1",
        maxTurns: 3,
        storeDir,
        agents: {
          assistant: mock.modelId(),
          shopper: mock.modelId("mock-shopper"),
          moderator: mock.modelId("mock-moderator"),
        },
        llm: { noCache: true },
      }),
      { render, runId: "all-models" },
    );
    expect(result.status).toBe("complete");
    expect(mock.requests).toHaveLength(3 * 3 - 1);
    for (const r of mock.requests)
      expect(r.body.response_format).toMatchObject({
        type: "json_schema",
        json_schema: { strict: false, schema: { type: "object" } },
      });
    const [t] = await trajectoriesOf(storeDir, "all-models");
    expect(t!.outcome.usage.assistant.formatErrors + t!.outcome.usage.shopper.formatErrors).toBe(0);
    expect(t!.turns.map((r) => r.assistant.formatWarnings)).toEqual([
      undefined,
      ["ranking had 11 entries; kept the first 10"],
      ["dropped unknown key mood"],
    ]);
    expect(t!.turns[1]!.assistant.output.ranking).toHaveLength(10);
    expect(result.summaries[0]).toMatchObject({ formatErrors: 0, formatWarnings: 2 });
  });

  it("every assistant, your own included, gets only what its condition allows; the reference refuses no-evv-caption", async () => {
    const seen: { condition: string; image: number; products: number; caption: string; views: number }[] = [];
    const recorder: CustomRole<AssistantPolicy> = {
      id: "recorder",
      create: () => ({
        id: "recorder",
        act: async (ctx) => {
          seen.push({
            condition: ctx.condition,
            image: ctx.observation.image.length,
            products: ctx.observation.products.length + ctx.observation.targets.length,
            caption: ctx.observation.caption,
            views: ctx.views.length,
          });
          return {
            output: {
              utterance: "What are you looking for?",
              assistant_actions: [{ type: "AskPreference" }],
              expected_user_action: { name: "idle", arguments: {} },
              ranking: [],
              tool_calls: [],
            },
            calls: [],
          };
        },
      }),
    };
    for (const condition of ["full", "no-evv", "no-evv-caption"] as const)
      await runBenchmark(
        parseRunConfig({ env: "supermarket", tasks: "0:1", maxTurns: 2, condition, storeDir: tmp("cond") }),
        { render, assistant: recorder },
      );
    const at = (condition: string, turn: number) => seen.filter((s) => s.condition === condition)[turn]!;
    expect(at("full", 0).image).toBeGreaterThan(0);
    expect(at("full", 1).views).toBe(1);
    expect(at("full", 0).products).toBeGreaterThan(0);
    expect(at("full", 0).caption).not.toMatch(/\[sm-\d{3}\]/);
    expect(at("no-evv", 0)).toMatchObject({ image: 0, views: 0 });
    expect(at("no-evv", 0).products).toBeGreaterThan(0);
    expect(at("no-evv-caption", 1)).toEqual({
      condition: "no-evv-caption",
      image: 0,
      products: 0,
      caption: "",
      views: 0,
    });
    await expect(
      runBenchmark(parseRunConfig({ condition: "no-evv-caption", storeDir: tmp("refused") }), { render }),
    ).rejects.toThrow(
      "condition no-evv-caption: the assistant 'reference' cannot play it (it plays full, no-evv)",
    );
  });

  it("a model assistant gets its last history.images earlier views; the trajectory records which", async () => {
    mock.requests.length = 0;
    mock.fallback = () => ({ kind: "text", content: greet });
    const storeDir = tmp("history");
    await runBenchmark(
      parseRunConfig({
        env: "supermarket",
        tasks: "0:1",
        maxTurns: 4,
        storeDir,
        history: { images: "last-2" },
        agents: { assistant: mock.modelId("history-vlm") },
        llm: { noCache: true },
      }),
      { render, runId: "history" },
    );
    // The current view and the minimap, plus up to two earlier views.
    expect(mock.requests.map((r) => r.images)).toEqual([2, 3, 4, 4]);
    const [t] = await trajectoriesOf(storeDir, "history");
    expect(t!.turns.map((r) => r.assistant.views)).toEqual([[0], [0, 1], [0, 1, 2], [1, 2, 3]]);
    expect(t!.header.context).toEqual({ historyImages: 2, captionIds: false, shopperMap: false });
    expect(t!.header.temperatures).toEqual({ assistant: 0 });
    // The visible-entity list names products without catalog ids.
    const text = JSON.stringify(mock.requests[0]!.messages.at(-1));
    expect(text).toContain("Visible products in the shopper's view");
    expect(text).not.toMatch(/\[sm-\d{3}\]/);
  });

  it("a model that refuses the preflight check stops the run before it is made", async () => {
    const storeDir = tmp("preflight");
    mock.pingReply = () => ({ kind: "status", status: 401, body: "invalid api key" });
    // Any use of the renderer would fail the test: nothing may be rendered.
    const untouchable = new Proxy({} as RenderService, {
      get: (_, key) => {
        throw new Error(`render.${String(key)} used before the preflight check`);
      },
    });
    try {
      await expect(
        runBenchmark(
          parseRunConfig({
            env: "supermarket",
            tasks: "0:2",
            storeDir,
            agents: { assistant: "reference", shopper: mock.modelId("locked-shopper") },
            llm: { maxRetries: 0 },
          }),
          { render: untouchable },
        ),
      ).rejects.toThrow(/^the model of the shopper and the moderator cannot be used: .*401/);
    } finally {
      mock.pingReply = () => ({ kind: "text", content: "OK" });
    }
    const store = await openRunStore(storeDir);
    expect(await store.listRuns()).toEqual([]);
    await store.close();
  });

  it("every model call is in the run's spend ledger, a failed turn's and a restarted episode's included; cached calls cost nothing", async () => {
    const storeDir = tmp("spent");
    const cacheDir = tmp("spent-cache");
    let shopperUp = false;
    const json = (value: unknown) => ({
      kind: "text" as const,
      content: JSON.stringify(value),
      inputTokens: 1000,
      outputTokens: 50,
    });
    mock.fallback = (req) => {
      const name = (req.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema
        ?.name;
      if (name === "shopper_turn")
        return shopperUp
          ? json({ utterance: "Just looking.", tool_call: { name: "idle", arguments: {} } })
          : { kind: "status", status: 400, body: "shopper model is down" };
      return { kind: "text", content: greet, inputTokens: 1000, outputTokens: 50 };
    };
    const model = mock.modelId("ledger");
    const config = parseRunConfig({
      env: "supermarket",
      tasks: "0:1",
      maxTurns: 2,
      storeDir,
      agents: { assistant: model, shopper: mock.modelId("ledger-shopper"), moderator: "rule" },
      llm: { cacheDir, maxRetries: 0, prices: { [model]: { input: 1, output: 2 } } },
    });
    const first = await runBenchmark(config, { render, runId: "spent" });
    expect(first.status).toBe("incomplete");
    // The assistant's call of the failed turn was paid for, and is on the ledger.
    const assistantCost = (1000 * 1 + 50 * 2) / 1e6;
    const work = (rows: SpendRow[]) => rows.filter((r) => r.role !== "preflight");
    expect(work(first.spent)).toEqual([
      {
        role: "assistant",
        model,
        calls: 1,
        cachedCalls: 0,
        inputTokens: 1000,
        outputTokens: 50,
        costUsd: assistantCost,
        cachedInputTokens: 0,
        cacheWriteTokens: 0,
        cacheSavingUsd: 0,
      },
    ]);
    // Each model was checked once before the run began, and that is on the ledger too.
    expect(first.spent.filter((r) => r.role === "preflight").map((r) => [r.model, r.calls])).toEqual([
      [mock.modelId("ledger-shopper"), 1],
      [model, 1],
    ]);
    shopperUp = true;
    const resumed = await runBenchmark(config, { render, resume: "spent" });
    expect(resumed.status).toBe("complete");
    const assistant = resumed.spent.find((r) => r.role === "assistant")!;
    // The restarted episode's first turn came from the cache (the same request): no charge for it.
    expect(assistant.calls).toBe(3);
    expect(assistant.cachedCalls).toBe(1);
    expect(assistant.costUsd).toBeCloseTo(2 * assistantCost, 9);
    expect(resumed.spent.find((r) => r.role === "shopper")?.calls).toBe(2);
  });

  it("a full disk stops the run with one clear error (not an error per episode); finished episodes stay whole and a resume completes", async () => {
    const storeDir = tmp("full");
    const config = parseRunConfig({
      env: "supermarket",
      tasks: "0:4",
      storeDir,
      images: false,
      concurrency: 1,
    });
    // SQLite's page limit is a real full disk as the database sees it: every write past it fails
    // with SQLITE_FULL, exactly as on a full device.
    const full = new SqliteRunStore(storeDir);
    const pages = full.db.pragma("page_count", { simple: true }) as number;
    full.db.pragma(`max_page_count = ${pages + 22}`);
    const err = await runBenchmark(config, { render, store: full, runId: "full" }).catch((e: unknown) => e);
    await full.close();
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).message).toMatch(/^the disk holding .*siturec\.db is full/);
    expect((err as StorageError).hint).toMatch(/continue the run with --resume/);
    const store = openRunStore(storeDir);
    const rows = await store.episodes("full");
    await store.close();
    const finished = rows.filter((r) => r.status === "finished");
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.length).toBeLessThan(4);
    // No episode was stored as failed because the disk was: the run stopped instead.
    expect(rows.filter((r) => r.status === "error")).toEqual([]);
    const before = await trajectoriesOf(storeDir, "full");
    for (const t of before) expect(t.turns).toHaveLength(t.outcome.turns);
    const resumed = await runBenchmark(config, { render, resume: "full" });
    expect(resumed.status).toBe("complete");
    const after = await trajectoriesOf(storeDir, "full");
    expect(after).toHaveLength(4);
    for (const t of before) expect(after.find((a) => a.header.task.id === t.header.task.id)).toEqual(t);
  });
});
