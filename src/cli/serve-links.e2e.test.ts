import { describe, expect, it } from "vitest";
import { startServerProcess } from "../core/testing/server-process.js";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("serve-links");

describe("siturec serve's printed links", () => {
  it("use --base for the organiser, read-only and invite links, and say the runs need a token once the store holds studies", async () => {
    const dir = tmp();
    const made = await runCli(
      "study",
      "create",
      "pilot",
      "--assistants",
      "reference",
      "--sample",
      "2",
      "--dir",
      dir,
    );
    expect(made.code, made.err).toBe(0);
    const serve = await startServerProcess(
      ["serve", "--dir", dir, "--port", "0", "--base", "https://study.example.org/"],
      /organiser \(studies; keep it private\): (\S+)/,
    );
    try {
      expect(serve.url).toMatch(/^https:\/\/study\.example\.org\/#\/admin\/[\w-]{32,}$/);
      await expect
        .poll(() => serve.stderr())
        .toMatch(
          /read-only \(runs and leaderboards, no studies\): https:\/\/study\.example\.org\/#\/view\/[\w-]{32,}/,
        );
      await expect
        .poll(() => serve.stderr())
        .toMatch(/invite pilot\/P2: https:\/\/study\.example\.org\/#\/p\/[\w-]{32,}/);
      expect(serve.stderr()).toMatch(
        /note: this store holds studies: the runs and the leaderboard need the organiser or the read-only link/,
      );
    } finally {
      await serve.stop();
    }
    const bad = await runCli("serve", "--dir", dir, "--base", "ftp://x");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--base ftp://x: an http(s) address");
  });
});
