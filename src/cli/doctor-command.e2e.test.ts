import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DoctorCheck } from "./doctor-command.js";
import { runCli } from "./testing/run-cli.js";

// The doctor is about finding and launching a browser: these tests do not attach to the suite's shared one.
const VARS = ["SITUREC_CHROMIUM", "OPENAI_API_KEY", "SITUREC_BROWSER_URL"] as const;
let saved: Record<string, string | undefined>;
let shared: string;
beforeEach(() => {
  saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
  shared = process.env.SITUREC_BROWSER_URL ?? "";
  delete process.env.SITUREC_BROWSER_URL;
});
afterEach(() => {
  for (const v of VARS) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
});

interface DoctorJson {
  ok: boolean;
  checks: DoctorCheck[];
  browser: { path: string; source: string; version: string; renderer: string } | null;
}

const byName = (json: DoctorJson, name: string) => json.checks.find((c) => c.name === name);

describe("siturec doctor", () => {
  it("reports the browser, its WebGL renderer, Node, SQLite, fonts and which keys are set (never their values)", async () => {
    process.env.OPENAI_API_KEY = "sk-doctor-secret-value";
    const r = await runCli("doctor", "--json");
    expect(r.out).not.toContain("doctor-secret-value");
    const json = JSON.parse(r.out) as DoctorJson;
    expect(r.code, r.out).toBe(0);
    expect(json.ok).toBe(true);
    expect(json.browser?.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(byName(json, "webgl")?.detail).toBe(json.browser?.renderer);
    expect(json.browser?.renderer).not.toBe("unknown");
    expect(byName(json, "node")?.detail).toContain(process.versions.node);
    expect(byName(json, "sqlite")?.detail).toMatch(/^better-sqlite3 \d+\.\d+\.\d+, SQLite 3\.\d+/);
    expect(byName(json, "label font")?.ok).toBe(true);
    expect(byName(json, "key openai")).toMatchObject({ ok: true, detail: "set (OPENAI_API_KEY)" });
    delete process.env.OPENAI_API_KEY;

    const text = await runCli("doctor");
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^browser +ok +Chromium \d+/m);
    expect(text.out).toMatch(/^key openai +missing +not set \(OPENAI_API_KEY\)/m);
    expect(text.out).toContain("key openai: set OPENAI_API_KEY to use openai:* models");
    expect(text.out).toContain("everything the default run needs works");
  });

  it("exits 1 when the browser cannot be found, saying what to do", async () => {
    process.env.SITUREC_CHROMIUM = "/nonexistent/chrome";
    const r = await runCli("doctor", "--json");
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as DoctorJson;
    expect(json.ok).toBe(false);
    expect(json.browser).toBeNull();
    expect(byName(json, "browser")).toMatchObject({
      ok: false,
      required: true,
      detail: expect.stringContaining("SITUREC_CHROMIUM is set to /nonexistent/chrome"),
      fix: expect.stringContaining("bundled"),
    });
    const text = await runCli("doctor");
    expect(text.code).toBe(1);
    expect(text.out).toMatch(/^browser +FAILED/m);
    expect(text.out).toContain("the default run cannot work until the FAILED checks are fixed");
  });

  it("names a running browser server it was given, and renders in it", async () => {
    process.env.SITUREC_BROWSER_URL = shared;
    const r = await runCli("doctor", "--json");
    const json = JSON.parse(r.out) as DoctorJson;
    expect(r.code, r.out).toBe(0);
    expect(json.browser).toMatchObject({ source: "server", path: shared });
    expect(json.browser?.renderer).not.toBe("unknown");
    expect(byName(json, "browser")?.detail).toContain("SITUREC_BROWSER_URL is set");

    process.env.SITUREC_BROWSER_URL = "ws://127.0.0.1:9/nobody";
    const down = await runCli("doctor", "--json");
    expect(down.code).toBe(1);
    expect(byName(JSON.parse(down.out) as DoctorJson, "browser")).toMatchObject({
      ok: false,
      detail: expect.stringContaining("cannot connect to the browser at ws://127.0.0.1:9/nobody"),
      fix: expect.stringContaining("unset SITUREC_BROWSER_URL"),
    });
  });
});
