import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envIds } from "../envs/registry.js";
import { validateBuiltin } from "../envs/validate-paths.js";
import { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { runBenchmark } from "./run-benchmark.js";
import { parseRunConfig } from "./run-config.js";
import { registerSyntheticStore } from "./testing/synthetic-store.js";

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-${name}-`));

let render: RenderService;
beforeAll(async () => {
  registerSyntheticStore(tmp("test-mart"));
  render = await RenderService.start({ poolSize: 1 });
});
afterAll(async () => {
  await render?.close();
});

describe("a third store, added only under src/envs (a folder and a registered definition)", () => {
  it("is listed and its data validates like the built-in stores", () => {
    expect(envIds()).toEqual(["supermarket", "home-furnishings", "test-mart"]);
    const report = validateBuiltin().find((r) => r.env === "test-mart")!;
    expect(report.problems).toEqual([]);
  });

  it("runs an episode end to end: world, render, built-in agents, run store", async () => {
    const storeDir = tmp("runs");
    const result = await runBenchmark(parseRunConfig({ env: "test-mart", tasks: "0:1", storeDir }), {
      render,
      runId: "third",
    });
    expect(result.status).toBe("complete");
    expect(result.summaries.map((s) => [s.env, s.finished])).toEqual([["test-mart", 1]]);
    const store = openRunStore(storeDir);
    const trajectories: Trajectory[] = [];
    for await (const t of store.trajectories("third")) trajectories.push(t);
    await store.close();
    const [t] = trajectories;
    expect(t!.header.env).toBe("test-mart");
    expect(t!.header.task.id).toMatch(/^tm-\d{2}\.[1-9]$/);
    expect(t!.turns.length).toBeGreaterThan(1);
    // The shopper saw the new store's products, under their own ids.
    const seen = t!.turns.flatMap((r) => r.observations.shopper.products.map((p) => p.id));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((id) => id.startsWith("tm-"))).toBe(true);
  });
});
