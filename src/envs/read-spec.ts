import { readFileSync } from "node:fs";
import { join } from "node:path";

/** An authored spec file of a store's folder, parsed as JSON (validated by its reader). */
export function readSpec(dir: string, name: string): { file: string; raw: unknown } {
  const file = join(dir, "spec", name);
  return { file, raw: JSON.parse(readFileSync(file, "utf8")) as unknown };
}
