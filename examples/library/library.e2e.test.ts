import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../../src/core/testing/temp-dirs.js";
import { customerSimRun } from "./customersim.js";
import { scriptedRollout } from "./env-server.js";
import { evaluateRun } from "./evaluate-run.js";
import { runTwoTasks } from "./run-benchmark.js";

const tmp = tempDirs("library-examples");

describe("docs/library.md's examples, run as a user would", () => {
  it("siturec and siturec/eval: two tasks run, stored, evaluated and reported", async () => {
    const dir = tmp();
    const { result, trajectories } = await runTwoTasks(dir);
    expect(result.status).toBe("complete");
    expect(trajectories.map((t) => t.header.task.id)).toHaveLength(2);
    const cohorts = await evaluateRun(dir, result.runId, join(dir, "report"));
    expect(cohorts[0]!.episodes).toBe(2);
    expect(existsSync(join(dir, "report"))).toBe(true);
  });

  it("siturec/customersim: five laptop shoppers play and are scored", async () => {
    const { result, evaluation } = await customerSimRun(tmp());
    expect(result.status).toBe("complete");
    expect(evaluation.overall.conversations).toBe(5);
  });

  it("siturec/env-server: a scripted shopper rolls out one episode through the client", async () => {
    const { rewards, runIds } = await scriptedRollout(tmp());
    expect(rewards.length).toBeGreaterThanOrEqual(1);
    expect(runIds).toHaveLength(1);
  });
});
