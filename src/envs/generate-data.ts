import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseData, toDataJson } from "../core/data-file.js";
import type { EnvId } from "../core/manifest.js";
import { type EnvData, PART_NAMES, PARTS } from "./env-data.js";
import { generateHomeFurnishings } from "./home-furnishings/generate/index.js";
import { FurnitureSpec } from "./home-furnishings/spec/furniture-spec.js";
import { generateSupermarket } from "./supermarket/generate/index.js";
import { GrocerySpec } from "./supermarket/spec/grocery-spec.js";

/** The authored spec an environment's data is generated from. */
export function specFile(env: EnvId): string {
  return fileURLToPath(new URL(`./${env}/spec/products.json`, import.meta.url));
}

/** Generates an environment's data from its checked-in spec with its fixed seed. */
export function generateEnv(env: EnvId): EnvData {
  const file = specFile(env);
  const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
  return env === "supermarket"
    ? generateSupermarket(parseData(file, raw, GrocerySpec))
    : generateHomeFurnishings(parseData(file, raw, FurnitureSpec));
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
