import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImports } from "./testing/static-imports.js";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// What no light command may load before it runs: each costs 50–400 ms of a start (issue 35).
const HEAVY = [
  "playwright-core",
  "sharp",
  "three",
  "vega",
  "vega-lite",
  "ai",
  "@ai-sdk/openai",
  "@ai-sdk/anthropic",
  "@ai-sdk/google",
  "@ai-sdk/openai-compatible",
  "gpt-tokenizer",
  "bullmq",
  "ioredis",
  "pg",
  "hono",
  "@hono/node-server",
  "minisearch",
  "recast-navigation",
  "@recast-navigation/core",
];

describe("what the binary loads before a command runs", () => {
  it("--version and --help: the catalog and commander, no command module", () => {
    const { files, packages } = staticImports(here("./index.ts"));
    expect([...packages]).toEqual(["commander"]);
    expect([...files].map((f) => basename(f)).filter((f) => f.endsWith("-command.ts"))).toEqual([]);
  });

  it("runs: the run store, without the renderer, the model SDKs, the charts, the queue or Postgres", () => {
    const { packages } = staticImports(here("./runs-command.ts"));
    expect(HEAVY.filter((p) => packages.has(p))).toEqual([]);
  });
});
