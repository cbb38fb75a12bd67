import { describe, expect, it } from "vitest";
import { useTempEnvDir } from "../core/testing/temp-dirs.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { parseEnvSelector, taskTable } from "./tasks-command.js";
import { runCli as run } from "./testing/run-cli.js";

useTempEnvDir("SITUREC_VARIANTS_DIR", "tasks");

describe("siturec tasks on a variant's bank", () => {
  it("show --env STORE@SEED shows the variant's task, not the store's task of the same id", async () => {
    const mine = loadTaskBank("supermarket@1000").tasks.find((t) => t.id === "sm-01.1")!;
    const theirs = loadTaskBank("supermarket").tasks.find((t) => t.id === "sm-01.1")!;
    expect(mine.goal.request).not.toBe(theirs.goal.request);
    const shown = await run("tasks", "show", "sm-01.1", "--env", "supermarket@1000");
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^sm-01\.1 · supermarket@1000 · subset \d/);
    expect(shown.out).toContain(`Request: "${mine.goal.request}"`);
    const json = await run("tasks", "show", "sm-01.1", "--env", "supermarket@1000", "--json");
    const { task, profile } = JSON.parse(json.out) as { task: { env: string }; profile: { env: string } };
    expect([task.env, profile.env]).toEqual(["supermarket@1000", "supermarket@1000"]);
  });

  it("an id not in the bank is an error naming the store and how to list its ids", async () => {
    const missing = await run("tasks", "show", "hf-01.1", "--env", "supermarket@1000");
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("no task 'hf-01.1' in the supermarket@1000 bank");
    expect(missing.err).toContain("siturec tasks list --env supermarket@1000");
    const builtin = await run("tasks", "show", "sm-99.9");
    expect(builtin.err).toContain("no task 'sm-99.9' in the supermarket bank");
    expect(builtin.err).toContain("--env STORE@SEED");
    expect((await run("tasks", "show", "sm-01.1", "--env", "grocer@1")).err).toContain("seeded variant");
  });

  it("list --env takes a variant, all, and the held-out split of both stores or of one", async () => {
    const one = await run("tasks", "list", "--env", "home-furnishings@1003", "--json");
    const { tasks } = JSON.parse(one.out) as { tasks: { env: string }[] };
    expect(tasks).toHaveLength(100);
    expect(new Set(tasks.map((t) => t.env))).toEqual(new Set(["home-furnishings@1003"]));
    expect(parseEnvSelector("all")).toEqual(["supermarket", "home-furnishings"]);
    expect(parseEnvSelector("held-out")).toHaveLength(20);
    expect(parseEnvSelector("held-out:supermarket")).toEqual(
      Array.from({ length: 10 }, (_, i) => `supermarket@${1000 + i}`),
    );
    const bad = await run("tasks", "list", "--env", "held-out:grocer");
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain("held-out:STORE");
  });

  it("a list of several stores' banks names each task's store (variants reuse their store's ids)", () => {
    const pick = (env: string) => loadTaskBank(env).tasks.find((t) => t.id === "sm-01.1")!;
    const rows = taskTable([pick("supermarket"), pick("supermarket@1000")], true)
      .trim()
      .split("\n");
    expect(rows[0]).toMatch(/^STORE\s+TASK\s+SUBSET/);
    expect(rows.slice(1).map((r) => r.split(/\s+/).slice(0, 2))).toEqual([
      ["supermarket", "sm-01.1"],
      ["supermarket@1000", "sm-01.1"],
    ]);
    expect(taskTable([pick("supermarket")])).toMatch(/^TASK\s+SUBSET/);
  });
});
