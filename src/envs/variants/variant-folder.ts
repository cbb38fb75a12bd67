import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { siturecCacheDir } from "../../core/cache-dir.js";
import { SiturecError } from "../../core/errors.js";
import type { EnvData } from "../env-data.js";
import { serializeEnv } from "../generate-data.js";
import { generatorFingerprint } from "./generator-fingerprint.js";
import { parseVariantId } from "./variant-id.js";

/** The environment variable that names a folder of variant folders to use instead of the cache. */
export const VARIANTS_DIR_VARIABLE = "SITUREC_VARIANTS_DIR";

/** The file in a variant folder that says which variant it holds and which code made it. */
export const VARIANT_STAMP = "variant.json";

/** Where variants are: `$SITUREC_VARIANTS_DIR` when set, else `$XDG_CACHE_HOME/siturec/variants` (`~/.cache/…`). */
export function variantsRoot(env: NodeJS.ProcessEnv = process.env): { dir: string; cache: boolean } {
  const given = env[VARIANTS_DIR_VARIABLE]?.trim();
  if (given) return { dir: resolve(given), cache: false };
  return { dir: join(siturecCacheDir(env), "variants"), cache: true };
}

/** What `variant.json` holds. */
export interface VariantStamp {
  /** The variant's id, e.g. `supermarket@7`. */
  id: string;
  /** The store it varies. */
  from: string;
  /** Its seed. */
  seed: number;
  /** The code that made it (`generatorFingerprint()`). */
  generator: string;
}

function stampOf(id: string): VariantStamp {
  const ref = parseVariantId(id)!;
  return { id, from: ref.base, seed: ref.seed, generator: generatorFingerprint() };
}

function readStamp(dir: string): VariantStamp | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, VARIANT_STAMP), "utf8")) as VariantStamp;
  } catch {
    return undefined;
  }
}

/**
 * Writes a variant's data files and its stamp into `dir` (made whole elsewhere, then moved in, so a
 * reader never sees half a folder). Its task bank is added later by the task layer (`tasks.json`).
 */
export function writeVariantFolder(dir: string, id: string, data: EnvData): void {
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmp, { recursive: true });
  for (const [file, content] of Object.entries(serializeEnv(data))) writeFileSync(join(tmp, file), content);
  writeFileSync(join(tmp, VARIANT_STAMP), `${JSON.stringify(stampOf(id), null, 2)}\n`);
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // Another process made it at the same moment: theirs is as good as ours.
    if (readStamp(dir)?.generator !== generatorFingerprint()) throw err;
  }
}

/**
 * A variant's folder, made on first use: in the cache it is (re)made whenever it is missing or was
 * made by other code; in `$SITUREC_VARIANTS_DIR` it is made when missing, and one made by other code
 * is refused (those files are the user's).
 */
export function ensureVariantFolder(id: string, generate: () => EnvData): string {
  const root = variantsRoot();
  const dir = join(root.dir, id);
  const stamp = readStamp(dir);
  if (stamp?.id === id && stamp.generator === generatorFingerprint()) return dir;
  if (stamp && !root.cache)
    throw new SiturecError(
      `${dir} holds ${stamp.id} made by siturec ${stamp.generator}; this siturec (${generatorFingerprint()}) makes other files`,
      {
        exitCode: 2,
        field: "env",
        hint: `make it again (siturec envs generate --from ${stamp.from} --seed ${stamp.seed} --out ${root.dir}), or unset ${VARIANTS_DIR_VARIABLE} to use the cache`,
      },
    );
  if (!stamp && existsSync(dir) && !root.cache)
    throw new SiturecError(`${dir} is not a variant folder (it has no ${VARIANT_STAMP})`, {
      exitCode: 2,
      field: "env",
      hint: `remove it, or point ${VARIANTS_DIR_VARIABLE} elsewhere`,
    });
  mkdirSync(root.dir, { recursive: true });
  writeVariantFolder(dir, id, generate());
  return dir;
}
