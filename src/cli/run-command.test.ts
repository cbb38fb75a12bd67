import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRunConfig } from "../runner/run-config.js";
import { rolesLine } from "./run-command.js";
import { runCli } from "./testing/run-cli.js";

const run = runCli;

const tmp = () => mkdtempSync(join(tmpdir(), "siturec-cli-run-"));

describe("siturec run, runs, export, schema", () => {
  it("refuses bad agent ids, bad selections and bad config fields with the field named", async () => {
    const badModel = await run("run", "--assistant", "acme:model", "--out", tmp());
    expect(badModel.code).toBe(2);
    expect(badModel.err).toContain("unknown provider 'acme'");
    const badTasks = await run("run", "--tasks", "first-ten", "--out", tmp());
    expect(badTasks.code).toBe(2);
    expect(badTasks.err).toMatch(/tasks: a range FROM:TO/);
    const dir = tmp();
    const config = join(dir, "run.yaml");
    writeFileSync(config, "env: supermarket\nmaxTurns: 0\nagents:\n  shopper: rule\n");
    const badConfig = await run("run", "--config", config);
    expect(badConfig.code).toBe(2);
    expect(badConfig.err).toContain(`${config}: maxTurns`);
    writeFileSync(config, "env: [unclosed\n");
    expect((await run("run", "--config", config)).err).toMatch(/is not valid YAML/);
    const missing = await run("run", "--resume", "nope", "--out", tmp());
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no run store in/);
  });

  it("a missing API key stops the run before a run is made or anything rendered", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const dir = tmp();
      const r = await run("run", "--assistant", "openai:gpt-4o", "--tasks", "0:2", "--out", dir);
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        "the assistant model cannot be used: openai:gpt-4o needs an API key: set OPENAI_API_KEY",
      );
      expect(r.err).toContain("hint: `siturec models` shows which keys are set");
      expect(r.err).not.toMatch(/rendering|\n\s+at /);
      // Nothing was started: no run in the store, no frame on disk.
      const runs = await run("runs", "--dir", dir, "--json");
      expect(JSON.parse(runs.out)).toEqual([]);
      expect(existsSync(join(dir, "images"))).toBe(false);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it("refuses a bad --temperature, a temperature for a built-in policy and a bad --history-images, naming the flag", async () => {
    const badValue = await run("run", "--temperature", "shopper=3", "--out", tmp());
    expect(badValue.code).not.toBe(0);
    expect(badValue.err).toMatch(/'shopper=3' is not ROLE=T/);
    const badRole = await run("run", "--temperature", "judge=0", "--out", tmp());
    expect(badRole.err).toMatch(/a role of assistant, shopper, moderator/);
    const builtin = await run("run", "--temperature", "shopper=0.5", "--out", tmp());
    expect(builtin.code).toBe(2);
    expect(builtin.err).toContain("--temperature shopper=0.5: the shopper is 'rule', not a model");
    const history = await run("run", "--history-images", "lots", "--out", tmp());
    expect(history.code).toBe(2);
    expect(history.err).toMatch(/--history-images: none, last-K \(K up to 100, e\.g\. last-3\) or all/);
  });

  it("the run summary names each role's temperature, the history images and the shopper's map", () => {
    const config = parseRunConfig({
      agents: { assistant: "openai:gpt-4o", shopper: { id: "openai:gpt-4o-mini", temperature: 1 } },
      history: { images: "none" },
      shopperMap: true,
    });
    expect(
      rolesLine(
        { assistant: "openai:gpt-4o", shopper: "openai:gpt-4o-mini", moderator: "openai:gpt-4o-mini" },
        config,
      ),
    ).toBe(
      "assistant openai:gpt-4o (temperature 0) · shopper openai:gpt-4o-mini (temperature 1) · moderator openai:gpt-4o-mini (temperature 0)\nhistory images none · shopper map on",
    );
    expect(
      rolesLine({ assistant: "reference", shopper: "rule", moderator: "rule" }, parseRunConfig({})),
    ).toBe("assistant reference · shopper rule · moderator rule\nhistory images last-3 · shopper map off");
  });

  it("prints the trajectory JSON Schema", async () => {
    const r = await run("schema", "trajectory");
    const schema = JSON.parse(r.out) as { $id: string; properties: Record<string, unknown> };
    expect(schema.$id).toMatch(/trajectory-v1\.json$/);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["header", "turns", "outcome"]));
  });
});
