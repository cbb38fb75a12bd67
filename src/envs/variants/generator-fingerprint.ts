import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { VERSION } from "../../core/version.js";

/** The folders whose code decides a variant's files: its generators, the task-bank generator and the schemas. */
const PARTS = ["core", "envs", "tasks"];

let cached: string | undefined;

/**
 * The package version and a hash of the code that generates variants (the folder this module was
 * loaded from: `src/` under tsx, `dist/` when built; the checked-in stores' `data/` left out, since a
 * variant does not read it). A variant folder made by other code is made again, never used.
 */
export function generatorFingerprint(): string {
  if (cached) return cached;
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const digest = createHash("sha256");
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["testing", "testdata", "data"].includes(entry.name)) walk(path);
      } else if (/\.(js|ts|json|md)$/.test(entry.name) && !/\.(test|d)\.ts$|\.test\.js$/.test(entry.name)) {
        digest.update(path.slice(root.length)).update("\0").update(readFileSync(path)).update("\0");
      }
    }
  };
  for (const part of PARTS) walk(join(root, part));
  cached = `${VERSION}+${digest.digest("hex").slice(0, 12)}`;
  return cached;
}
