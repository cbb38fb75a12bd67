import { toDataJson } from "../core/data-file.js";
import type { EnvId } from "../core/manifest.js";
import { type EnvData, PART_NAMES, PARTS } from "./env-data.js";
import { envDefinition } from "./registry.js";

/** Generates a store's data from its authored spec with its fixed seed. */
export async function generateEnv(env: EnvId): Promise<EnvData> {
  const def = envDefinition(env);
  if (!def.generate) throw new Error(`store ${env} has no generator: its data is authored as files`);
  return def.generate();
}

/** The bytes of each data file, keyed by file name. */
export function serializeEnv(data: EnvData): Record<string, string> {
  return Object.fromEntries(
    PART_NAMES.map((part) => [
      PARTS[part].file,
      toDataJson(data[part] as unknown as Record<string, unknown>),
    ]),
  );
}
