import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SCHEMA } from "./sqlite-rows.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "siturec-benchmark-col-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A store as made before runs named their benchmark: no `benchmark` column. */
function oldStore(dir: string): void {
  const db = new Database(join(dir, "siturec.db"));
  db.exec(SCHEMA.replace(",\n  benchmark TEXT NOT NULL DEFAULT 'situ-rec'", ""));
  expect(
    db
      .prepare("SELECT * FROM runs")
      .columns()
      .map((c) => c.name),
  ).not.toContain("benchmark");
  db.prepare(
    "INSERT INTO runs VALUES ('old', 'abc', '2026-01-01', '2026-01-01', '{}', '{}', 'complete', 1)",
  ).run();
  db.close();
}

describe("a run's benchmark", () => {
  it("is situ-rec for runs of a store made before CustomerSim, read-only or migrated", async () => {
    const dir = tmp();
    oldStore(dir);
    const ro = new SqliteRunStore(dir, { readonly: true });
    expect((await ro.getRun("old"))?.benchmark).toBe("situ-rec");
    await ro.close();
    const rw = new SqliteRunStore(dir);
    expect((await rw.getRun("old"))?.benchmark).toBe("situ-rec");
    await rw.close();
  });

  it("is situ-rec unless the new run names another, and another benchmark's payloads come back as stored", async () => {
    const store = new SqliteRunStore(tmp());
    await store.createRun({ id: "a", identity: "x", config: {}, identityParts: {}, planned: 1 });
    await store.createRun({
      id: "b",
      benchmark: "customersim",
      identity: "y",
      config: { shopper: "rule" },
      identityParts: {},
      planned: 1,
    });
    expect((await store.listRuns()).map((r) => [r.id, r.benchmark])).toEqual([
      ["a", "situ-rec"],
      ["b", "customersim"],
    ]);
    const header = { runId: "b", env: "laptops", task: { id: "lt-p001" }, note: "own payload" };
    expect(await store.startEpisode(header, 0, "o#1")).toBe(true);
    await store.writeTurn(header, { turn: 1, text: "hi" } as { turn: number }, undefined, "o#1");
    const usage = { inputTokens: 3, outputTokens: 4, costUsd: 0.5, formatErrors: 1 };
    await store.writeTurn(
      header,
      { turn: 2, text: "bye" } as { turn: number },
      {
        reason: "purchase",
        success: true,
        turns: 2,
        recommendations: 4,
        usage: { shopper: usage, sales: { ...usage, costUsd: 0.25 } },
      },
      "o#1",
    );
    const [row] = await store.episodes("b");
    expect(row).toMatchObject({
      env: "laptops",
      taskId: "lt-p001",
      status: "finished",
      reason: "purchase",
      success: true,
      turns: 2,
      recommendations: 4,
      inputTokens: 6,
      outputTokens: 8,
      costUsd: 0.75,
      formatErrors: 2,
    });
    expect(await store.finishedKeys("b")).toEqual(new Set(["laptops/lt-p001"]));
    const stored = [];
    for await (const e of store.storedEpisodes("b")) stored.push(e);
    expect(stored).toEqual([
      {
        header,
        turns: [
          { turn: 1, text: "hi" },
          { turn: 2, text: "bye" },
        ],
        outcome: expect.objectContaining({ reason: "purchase" }),
      },
    ]);
    await store.close();
  });
});
