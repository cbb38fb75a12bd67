import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { VERSION } from "../core/version.js";

/** Folders whose code or data decide what an episode does. */
const PARTS = ["agents", "core", "envs", "episode", "llm", "render", "tasks", "trajectory", "world"];

/** What decides a CustomerSim conversation: its own folder, the model layer and the shared core. */
export const CUSTOMERSIM_PARTS = ["core", "customersim", "llm"];

const cached = new Map<string, string>();

/**
 * The package version plus a hash of the code and data that shape an episode (the folder this
 * module was loaded from: `src/` under tsx, `dist/` when built), so a resume after a code change is
 * refused. `parts` are the folders hashed (default SituRecBench's).
 */
export function codeVersion(parts: readonly string[] = PARTS): string {
  const key = parts.join(",");
  const known = cached.get(key);
  if (known) return known;
  const root = fileURLToPath(new URL("../", import.meta.url));
  const digest = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "testing" && entry.name !== "testdata") walk(path);
      } else if (
        /\.(js|ts|json|md|html)$/.test(entry.name) &&
        !/\.(test|d)\.ts$|\.test\.js$/.test(entry.name)
      ) {
        digest.update(path.slice(root.length)).update("\0").update(readFileSync(path)).update("\0");
      }
    }
  };
  for (const part of parts) walk(join(root, part));
  const version = `${VERSION}+${digest.digest("hex").slice(0, 12)}`;
  cached.set(key, version);
  return version;
}
