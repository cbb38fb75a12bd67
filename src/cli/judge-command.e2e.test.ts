import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { openRunStore } from "../storage/open-run-store.js";
import { episode, ratings, seedStudy, storeRun } from "../study/agreement/testing/study-fixture.js";
import { runCli } from "./testing/run-cli.js";

let mock: MockOpenAIServer;
let dir: string;
const RUNS = ["P01-a1", "P01-a2", "P02-a1", "P02-a2"].map((r) => `study-pilot-${r}`);

beforeAll(async () => {
  mock = await MockOpenAIServer.start();
  mock.fallback = () => ({ kind: "text", content: JSON.stringify({ scores: ratings(4), rationale: "ok" }) });
  dir = mkdtempSync(join(tmpdir(), "siturec-judge-study-"));
  const store = openRunStore(dir);
  try {
    await seedStudy(store, "pilot", ["reference", "openai:gpt-4o"], () => ({ success: true }));
    await storeRun(store, "sim", [episode("sim", "sm-01.1", { assistant: "reference", success: true })]);
  } finally {
    await store.close();
  }
});
afterAll(async () => {
  await mock?.close();
});

describe("siturec judge --study", () => {
  it("--estimate covers every run of the study without calling the judge", async () => {
    const r = await runCli(
      "judge",
      "--study",
      "pilot",
      "--model",
      mock.modelId(),
      "--dir",
      dir,
      "--estimate",
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("estimate: judging 8 trajectories of study pilot (4 runs)");
    expect(mock.requests).toHaveLength(0);
  });

  it("judges every run's trajectories, each call on its own run's spend ledger", async () => {
    const r = await runCli(
      "judge",
      "--study",
      "pilot",
      "--model",
      mock.modelId(),
      "--dir",
      dir,
      "--max-output-tokens",
      "900",
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`judged 8 of 8 trajectories of study pilot (4 runs) with ${mock.modelId()}`);
    // Every judge request names the limit it was given, and each judgement records it.
    expect(mock.requests.map((q) => q.body.max_tokens)).toEqual(mock.requests.map(() => 900));
    expect(r.out).toContain("siturec human-agreement pilot --sim RUN...");
    const store = openRunStore(dir, { readonly: true });
    try {
      for (const run of RUNS) {
        const judged = [];
        for await (const t of store.trajectories(run)) judged.push(t.judge);
        expect(judged, run).toEqual([
          expect.objectContaining({ scores: ratings(4), maxOutputTokens: 900 }),
          expect.objectContaining({ scores: ratings(4), maxOutputTokens: 900 }),
        ]);
        expect((await store.spent(run)).filter((s) => s.role === "judge")[0]?.calls, run).toBe(2);
      }
      // Runs outside the study are left alone.
      for await (const t of store.trajectories("sim")) expect(t.judge).toBeUndefined();
    } finally {
      await store.close();
    }
    const again = await runCli("judge", "--study", "pilot", "--model", mock.modelId(), "--dir", dir);
    expect(again.out).toContain("judged 0 of 0 trajectories of study pilot");
  });

  it("takes a run or --study, exactly one", async () => {
    const both = await runCli("judge", "sim", "--study", "pilot", "--model", mock.modelId(), "--dir", dir);
    expect(both.code).toBe(2);
    expect(both.err).toContain("give a run or --study STUDY, not both");
    const neither = await runCli("judge", "--model", mock.modelId(), "--dir", dir);
    expect(neither.code).toBe(2);
    expect(neither.err).toContain("name a run (see siturec runs) or --study STUDY");
    const unknown = await runCli("judge", "--study", "nope", "--model", mock.modelId(), "--dir", dir);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("no study 'nope'");
  });
});
