import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { STORE_HELP } from "./default-store.js";
import { buildProgram } from "./main.js";
import { runCli } from "./testing/run-cli.js";

/** Every command, by its full name (`customersim run`), with its long flags and their help. */
function commands(root: Command): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const walk = (c: Command, prefix: string) => {
    for (const sub of c.commands) {
      const name = `${prefix}${sub.name()}`;
      out.set(name, new Map(sub.options.map((o) => [o.long ?? "", o.description])));
      walk(sub, `${name} `);
    }
  };
  walk(root, "");
  return out;
}

// The commands that read or write runs: each names the store with --store.
const READ_OR_WRITE_RUNS = [
  "run",
  "worker",
  "runs",
  "export",
  "evaluate",
  "report",
  "judge",
  "serve",
  "env serve",
  "human-agreement",
  "study create",
  "study list",
  "study show",
  "study simulate",
  "study export",
  "customersim run",
  "customersim evaluate",
  "customersim report",
  "customersim export",
  "customersim ngram train",
];

const tmp = tempDirs("store-flag");

describe("the run store's flag", () => {
  const all = commands(buildProgram({ out: () => {}, err: () => {} }, () => {}));

  it("is --store on every command that reads or writes runs, with one help text where it takes a folder too", () => {
    const missing = READ_OR_WRITE_RUNS.filter((name) => !all.get(name)?.has("--store"));
    expect(missing).toEqual([]);
    for (const [name, flags] of all) {
      // --dir is --store's alias wherever it is offered.
      if (flags.has("--dir")) {
        expect(flags.get("--store"), name).toBe(STORE_HELP);
        expect(flags.get("--dir"), name).toBe("another name for --store");
      }
    }
  });

  it("reads the same store by --store or --dir, and refuses both naming different stores", async () => {
    const [a, b] = [tmp(), tmp()];
    // A store is made by the first command that writes to it: a study.
    expect((await runCli("study", "create", "s1", "--assistants", "reference", "--store", a)).code).toBe(0);
    for (const flag of ["--store", "--dir"]) {
      const listed = await runCli("study", "list", flag, a, "--json");
      expect(
        JSON.parse(listed.out).map((s: { id: string }) => s.id),
        flag,
      ).toEqual(["s1"]);
    }
    const both = await runCli("runs", "--store", a, "--dir", b);
    expect(both.code).toBe(2);
    expect(both.err).toContain("--store and --dir name the same thing");
  });

  it("leaves the action the store in `dir` alone, never a `store` string beside it", () => {
    for (const flag of ["--store", "--dir"]) {
      const program = buildProgram({ out: () => {}, err: () => {} }, () => {});
      let seen: Record<string, unknown> | undefined;
      const serve = program.commands.find((c) => c.name() === "serve")!;
      serve.action((opts: Record<string, unknown>) => {
        seen = opts;
      });
      program.parse(["node", "siturec", "serve", flag, "/tmp/somewhere"]);
      expect(seen?.dir, flag).toBe("/tmp/somewhere");
      expect(seen?.store, flag).toBeUndefined();
    }
  });
});
