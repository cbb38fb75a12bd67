import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SiturecError } from "../core/errors.js";
import { reportError } from "./report-error.js";
import { runCli } from "./testing/run-cli.js";

function capture(err: unknown, command?: string): { code: number; text: string } {
  let text = "";
  const code = reportError(err, { out: () => {}, err: (t) => (text += t) }, command);
  return { code, text };
}

afterEach(() => {
  delete process.env.SITUREC_DEBUG;
});

describe("errors reach the user in one place", () => {
  it("a siturec error is its message and hint, with its exit code, and no stack trace", () => {
    const r = capture(
      new SiturecError("no run 'x' in runs", { exitCode: 2, hint: "'siturec runs' lists them" }),
      "export",
    );
    expect(r.code).toBe(2);
    expect(r.text).toBe("siturec export: no run 'x' in runs\n  hint: 'siturec runs' lists them\n");
  });

  it("anything else is reported as a bug, with the stack only under SITUREC_DEBUG=1", () => {
    const bug = new TypeError("x is undefined");
    const plain = capture(bug, "run");
    expect(plain.code).toBe(1);
    expect(plain.text).toBe(
      "siturec run: unexpected error: x is undefined\n  this is a bug in siturec; SITUREC_DEBUG=1 prints its stack trace\n",
    );
    process.env.SITUREC_DEBUG = "1";
    expect(capture(bug, "run").text).toContain("at ");
  });

  it("names the flag that sets a bad config field, and takes --user for --shopper", async () => {
    const out = mkdtempSync(join(tmpdir(), "siturec-cli-errors-"));
    const tasks = await runCli("run", "--tasks", "first-ten", "--out", out);
    expect(tasks.code).toBe(2);
    expect(tasks.err).toContain("siturec run: --tasks: a range FROM:TO");
    const turns = await runCli("run", "--max-turns", "0", "--out", out);
    expect(turns.err).toContain("siturec run: --max-turns: must be 1..100");
    const wrongRole = await runCli("run", "--user", "reference", "--out", out);
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.err).toContain("agents.shopper: 'reference' is an assistant, not a shopper");
    expect(wrongRole.err).toContain("hint: --shopper sets agents.shopper");
    const config = join(out, "old.yaml");
    writeFileSync(config, "agents:\n  user: rule\n");
    const renamed = await runCli("run", "--config", config, "--out", out);
    expect(renamed.code).toBe(2);
    expect(renamed.err).toContain(`${config}: agents.user is now called agents.shopper`);
    expect(renamed.err.split("\n").filter(Boolean)).toHaveLength(2);
    const refused = await runCli(
      "run",
      "--assistant",
      "reference",
      "--condition",
      "no-evv-caption",
      "--out",
      out,
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("condition no-evv-caption: the assistant 'reference' cannot play it");
    expect(refused.err).toContain("hint: the reference assistant reads the visible-entity list");
  });
});
