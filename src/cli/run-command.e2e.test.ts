import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./testing/run-cli.js";

const run = runCli;

const tmp = () => mkdtempSync(join(tmpdir(), "siturec-cli-run-"));

describe("siturec run, runs, export, schema", () => {
  it("why episodes failed: each distinct message with its count, in the summary, runs, runs --json and the jsonl progress", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const dir = tmp();
      const message = "openai:gpt-4o needs an API key: set OPENAI_API_KEY in the environment";
      const args = ["--assistant", "openai:gpt-4o", "--no-preflight", "--env", "supermarket", "--out", dir];
      const r = await run("run", ...args, "--tasks", "0:2", "--run-id", "keyless");
      expect(r.code).toBe(1);
      expect(r.out).toContain(`why supermarket episodes failed:\n  2 × ${message}\n`);
      // The progress names the first episode that failed so, once.
      expect(r.err.split(message)).toHaveLength(2);
      expect(r.err).toMatch(/supermarket sm-\S+ failed: openai:gpt-4o needs an API key/);
      const jsonl = await run(
        "run",
        ...args,
        "--tasks",
        "2:3",
        "--run-id",
        "keyless-2",
        "--progress",
        "jsonl",
      );
      const episode = jsonl.out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event: string; reason?: string; error?: string })
        .find((e) => e.event === "episode");
      expect(episode).toMatchObject({ reason: "error", error: message });
      const runs = JSON.parse((await run("runs", "--dir", dir, "--json")).out) as {
        id: string;
        errorMessages: unknown;
        summaries: { errorMessages: unknown }[];
      }[];
      expect(runs[0]).toMatchObject({
        id: "keyless",
        errorMessages: [{ message, count: 2 }],
        summaries: [{ errorMessages: [{ message, count: 2 }] }],
      });
      const text = (await run("runs", "--dir", dir)).out;
      expect(text).toContain(`why episodes of keyless failed:\n  2 × ${message}\n`);
      expect(text).toContain(`why episodes of keyless-2 failed:\n  1 × ${message}\n`);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it("runs from a config file, lists the run, and exports its trajectories", async () => {
    const dir = tmp();
    const config = join(dir, "run.json");
    writeFileSync(
      config,
      JSON.stringify({
        env: "home-furnishings",
        tasks: "0:2",
        storeDir: join(dir, "runs"),
        render: { width: 320, height: 240 },
      }),
    );
    const r = await run("run", "--config", config, "--quiet", "--run-id", "cli-run");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/run cli-run \(complete\)/);
    expect(r.out).toMatch(/home-furnishings\s+2\s+\d+\.\d%/);
    const runs = await run("runs", "--dir", join(dir, "runs"), "--json");
    const listed = JSON.parse(runs.out) as {
      id: string;
      finished: number;
      planned: number;
      assistant: string;
    }[];
    expect(listed).toMatchObject([{ id: "cli-run", finished: 2, planned: 2, assistant: "reference" }]);
    const exported = await run("export", "cli-run", "--dir", join(dir, "runs"));
    const lines = exported.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { header: { task: { id: string } } });
    expect(lines.map((t) => t.header.task.id)).toEqual(["hf-01.1", "hf-01.2"]);
    const json = await run("export", "cli-run", "--dir", join(dir, "runs"), "--format", "json");
    expect((JSON.parse(json.out) as unknown[]).length).toBe(2);
  });
});
