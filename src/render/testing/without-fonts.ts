import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Runs an ES module snippet (TypeScript imports allowed) in a Node process whose fontconfig sees no
 * fonts at all, as on a machine without any: what it prints is what a drawing made there.
 */
export function runWithoutFonts(code: string): SpawnSyncReturns<string> {
  const dir = mkdtempSync(join(tmpdir(), "siturec-nofonts-"));
  const config = join(dir, "fonts.conf");
  writeFileSync(config, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    env: { ...process.env, FONTCONFIG_FILE: config, HOME: dir },
    encoding: "utf8",
  });
}
