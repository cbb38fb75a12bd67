import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CohortReport, evaluate, readRuns } from "./eval.js";
import { parseRunConfig, RenderService, runBenchmark } from "./index.js";

/**
 * Metrics that respond (docs/evaluation.md): each degraded built-in assistant takes one ability away
 * from the reference, and the metric meant to catch that ability must drop clearly against the
 * reference on the same tasks. The tasks are subset 0's first ten profiles in each store (`--subset 0
 * --tasks 0:40`, 20 episodes per assistant), where the full subset-0 drops already show; the runs are
 * deterministic, so the margins only guard against a change that blunts a metric.
 */
const LADDER = ["reference", "reference-random-ranking", "reference-no-guidance", "reference-blind"] as const;
type Rung = (typeof LADDER)[number];
const STORES = ["supermarket", "home-furnishings"] as const;
type Metric = "sr" | "afr" | "lnsr" | "r_at_5" | "ndcg_at_10";

let render: RenderService;
let cohorts: CohortReport[];
beforeAll(async () => {
  render = await RenderService.start({ poolSize: 2 });
  const storeDir = mkdtempSync(join(tmpdir(), "siturec-ladder-"));
  for (const assistant of LADDER) {
    const config = parseRunConfig({
      subset: "0",
      tasks: "0:40",
      images: false,
      storeDir,
      agents: { assistant },
    });
    const run = await runBenchmark(config, { render, runId: assistant });
    expect(run.status).toBe("complete");
  }
  cohorts = evaluate(await readRuns(storeDir, [...LADDER]));
});
afterAll(async () => {
  await render?.close();
});

function metric(env: string, assistant: Rung, key: Metric): number {
  const c = cohorts.find((x) => x.env === env && x.assistant === assistant);
  expect(c?.episodes, `${env} ${assistant}`).toBe(10);
  const value = c![key].value;
  expect(value, `${env} ${assistant} ${key}`).not.toBeNull();
  return value!;
}

/** How many points the degraded assistant loses against the reference. */
const drop = (env: string, assistant: Rung, key: Metric) =>
  metric(env, "reference", key) - metric(env, assistant, key);

describe.each(STORES)("the metric ladder in the %s", (env) => {
  it("random ranking: NDCG@10 and R@5 fall by more than half, and nothing else moves", () => {
    expect(metric(env, "reference", "ndcg_at_10")).toBeGreaterThanOrEqual(60);
    expect(drop(env, "reference-random-ranking", "ndcg_at_10")).toBeGreaterThanOrEqual(50);
    expect(drop(env, "reference-random-ranking", "r_at_5")).toBeGreaterThanOrEqual(50);
    for (const key of ["sr", "afr", "lnsr"] as const)
      expect(drop(env, "reference-random-ranking", key), key).toBe(0);
  });

  it("no navigation guidance: LNSR and AFR fall by more than half (and nothing is bought)", () => {
    expect(drop(env, "reference-no-guidance", "lnsr")).toBeGreaterThanOrEqual(50);
    expect(drop(env, "reference-no-guidance", "afr")).toBeGreaterThanOrEqual(50);
    expect(metric(env, "reference-no-guidance", "sr")).toBe(0);
  });

  it("ignoring the view: SR falls by at least 20 points", () => {
    expect(drop(env, "reference-blind", "sr")).toBeGreaterThanOrEqual(20);
  });
});
