import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "siturec-env-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("siturec env serve", () => {
  it("prints the protocol's JSON Schema (siturec schema env-protocol)", async () => {
    const r = await runCli("schema", "env-protocol");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).$defs).toHaveProperty("StepResult");
  });

  it("refuses a short token", async () => {
    const r = await runCli("env", "serve", "--port", "0", "--dir", dir, "--token", "abc");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/at least 8/);
  });
});
