import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRunConfig } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import { storageError } from "../storage/storage-error.js";
import { runCli } from "./testing/run-cli.js";

const tmp = () => mkdtempSync(join(tmpdir(), "siturec-faults-"));

describe("storage faults are one clear line, never a stack trace", () => {
  it("a damaged database", async () => {
    const dir = tmp();
    writeFileSync(join(dir, "siturec.db"), "this is not a database, it was truncated or overwritten");
    for (const args of [
      ["runs", "--dir", dir],
      ["export", "r1", "--dir", dir],
      ["run", "--resume", "r1", "--out", dir],
    ]) {
      const r = await runCli(...args);
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.err).toMatch(/siturec \S+: .*siturec\.db is damaged or not a siturec run store/);
      expect(r.err).toContain("hint: restore it from a backup");
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it("a mistyped --dir is reported, never created", async () => {
    const dir = join(tmp(), "no-such-store");
    for (const args of [
      ["runs", "--dir", dir],
      ["export", "r1", "--dir", dir],
      ["evaluate", "r1", "--dir", dir],
    ]) {
      const r = await runCli(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toContain(`no run store in ${dir}`);
    }
    expect(existsSync(dir)).toBe(false);
  });

  it("reading commands open the store read-only: they write nothing, so a read-only store serves them", async () => {
    const dir = tmp();
    const store = openRunStore(dir);
    await store.createRun({
      id: "r1",
      identity: "x",
      config: parseRunConfig({}),
      identityParts: {},
      planned: 0,
    });
    await store.close();
    // A closed store is out of write-ahead-log mode: reading it needs no -shm or -wal file created.
    expect(readdirSync(dir).sort()).toEqual(["siturec.db"]);
    const before = readdirSync(dir).map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}`);
    expect((await runCli("runs", "--dir", dir, "--json")).code).toBe(0);
    expect((await runCli("export", "r1", "--dir", dir)).code).toBe(0);
    expect(readdirSync(dir).map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}`)).toEqual(before);
    // A writer on a store it may only read is told so.
    const reader = openRunStore(dir, { readonly: true });
    await expect(reader.setRunStatus("r1", "complete")).rejects.toThrow(
      /cannot write .*the run store is read-only/,
    );
    await reader.close();
  });

  it("a full disk and an unwritable folder say what to do", () => {
    expect(
      storageError({ code: "SQLITE_FULL", message: "database or disk is full" }, "/x/siturec.db")?.hint,
    ).toMatch(/free some space, then continue the run with --resume/);
    expect(storageError({ code: "EACCES", message: "permission denied" }, "/x")?.message).toContain(
      "read-only",
    );
    expect(storageError(new TypeError("a bug"), "/x")).toBeUndefined();
  });

  it("a run store cannot be made where a file stands", async () => {
    const dir = tmp();
    const file = join(dir, "results.txt");
    writeFileSync(file, "not a folder");
    const r = await runCli("run", "--env", "supermarket", "--tasks", "0:1", "--out", file);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `cannot make the run store ${join(file, "siturec.db")}: a file stands where a folder should be`,
    );
    expect(r.err).toContain("hint: give a folder with --out");
    // An empty siturec.db is a fresh database: that is fine.
    mkdirSync(join(dir, "store"));
    writeFileSync(join(dir, "store", "siturec.db"), "");
    await openRunStore(join(dir, "store")).close();
  });
});
