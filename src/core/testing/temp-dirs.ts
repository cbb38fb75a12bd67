import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** A maker of temporary folders (`siturec-PREFIX-…`) for one test file, all removed after its tests. */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(join(tmpdir(), `siturec-${prefix}-`));
    dirs.push(d);
    return d;
  };
}

/**
 * Points the environment variable `name` at an empty temporary folder (`siturec-PREFIX-…`) for the
 * tests of the enclosing file or `describe` (`each`: a fresh one per test), restoring the variable
 * and removing the folder after; returns a getter of the current folder.
 */
export function useTempEnvDir(name: string, prefix: string, scope: "all" | "each" = "all"): () => string {
  let dir = "";
  let saved: string | undefined;
  (scope === "all" ? beforeAll : beforeEach)(() => {
    saved = process.env[name];
    dir = mkdtempSync(join(tmpdir(), `siturec-${prefix}-`));
    process.env[name] = dir;
  });
  (scope === "all" ? afterAll : afterEach)(() => {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
