import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { Catalog } from "../core/catalog.js";
import { DataFileError, type DataProblem, readDataFile } from "../core/data-file.js";
import { InstanceSet } from "../core/instances.js";
import { Layout } from "../core/layout.js";
import { LocationIndex } from "../core/location-index.js";
import { type EnvId, Manifest } from "../core/manifest.js";
import { envDefinition } from "./registry.js";

/** Everything that defines one environment, as stored in its data folder. */
export interface EnvData {
  manifest: Manifest;
  catalog: Catalog;
  layout: Layout;
  instances: InstanceSet;
  locationIndex: LocationIndex;
}

export type EnvPart = keyof EnvData;

/** The file each part of an environment is stored in, and the `kind` it declares. */
export const PARTS: Record<EnvPart, { file: string; kind: string; schema: z.ZodType }> = {
  manifest: { file: "manifest.json", kind: "siturec.env", schema: Manifest },
  catalog: { file: "catalog.json", kind: "siturec.catalog", schema: Catalog },
  layout: { file: "layout.json", kind: "siturec.layout", schema: Layout },
  instances: { file: "instances.json", kind: "siturec.instances", schema: InstanceSet },
  locationIndex: { file: "location-index.json", kind: "siturec.location-index", schema: LocationIndex },
};

export const PART_NAMES = Object.keys(PARTS) as EnvPart[];

/** Where an environment's data came from, part by part, for messages. */
export type EnvFiles = Record<EnvPart, string>;

/**
 * A store's data folder: `data/` in its folder (`src/envs/<env>/data`, copied into `dist` on build),
 * or the folder a store generated at run time makes on first use (a seeded variant's).
 */
export function envDataDir(env: EnvId): string {
  const def = envDefinition(env);
  return def.dataDir ? def.dataDir() : join(def.dir, "data");
}

export function filesIn(dir: string): EnvFiles {
  return Object.fromEntries(PART_NAMES.map((part) => [part, join(dir, PARTS[part].file)])) as EnvFiles;
}

/** Reads and schema-checks every part; all problems of all files are reported together. */
export function readEnvFiles(files: EnvFiles): EnvData {
  const problems: DataProblem[] = [];
  const data: Partial<Record<EnvPart, unknown>> = {};
  for (const part of PART_NAMES) {
    try {
      data[part] = readDataFile(files[part], PARTS[part].schema);
    } catch (err) {
      if (!(err instanceof DataFileError)) throw err;
      problems.push(...err.problems);
    }
  }
  if (problems.length) throw new DataFileError(problems);
  return data as unknown as EnvData;
}

const cache = new Map<EnvId, EnvData>();

/** A registered store's data, read and schema-checked once per process. */
export function loadEnvData(env: EnvId): EnvData {
  let data = cache.get(env);
  if (!data) {
    data = readEnvFiles(filesIn(envDataDir(env)));
    cache.set(env, data);
  }
  return data;
}

/** The `kind` a JSON data file declares, or undefined if it is not a siturec data file. */
export function declaredPart(file: string): EnvPart | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
    const kind = raw && typeof raw === "object" ? (raw as { kind?: unknown }).kind : undefined;
    return PART_NAMES.find((p) => PARTS[p].kind === kind);
  } catch {
    return undefined;
  }
}
