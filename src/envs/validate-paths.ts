import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { DataFileError, type DataProblem } from "../core/data-file.js";
import {
  declaredPart,
  type EnvData,
  type EnvFiles,
  type EnvPart,
  envDataDir,
  filesIn,
  PART_NAMES,
  PARTS,
  readEnvFiles,
} from "./env-data.js";
import { envIds, hasEnv } from "./registry.js";
import { validateEnv } from "./validate.js";

export interface EnvReport {
  env: string;
  /** Where each part was read from. */
  files: EnvFiles;
  problems: DataProblem[];
  /** Present when every file parsed. */
  data?: EnvData;
}

/** Validates the built-in data of every environment. */
export function validateBuiltin(): EnvReport[] {
  return envIds().map((env) => checkFiles(env, filesIn(envDataDir(env))));
}

function checkFiles(env: string, files: EnvFiles): EnvReport {
  let data: EnvData;
  try {
    data = readEnvFiles(files);
  } catch (err) {
    if (err instanceof DataFileError) return { env, files, problems: err.problems };
    throw err;
  }
  return { env, files, problems: validateEnv(data, files), data };
}

function envOfFile(file: string, part: EnvPart): string | undefined {
  try {
    const raw = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const env = part === "manifest" ? raw.id : raw.env;
    return typeof env === "string" && hasEnv(env) ? env : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Validates data given as paths: a folder holds one environment's five files; a single file is
 * checked together with the other parts found beside it, or else the built-in parts of its
 * environment, so that cross-references are checked too. A store's id (`supermarket@7`) that is not
 * a path stands for that store's data folder.
 */
export function validatePaths(paths: string[]): EnvReport[] {
  const reports: EnvReport[] = [];
  const groups = new Map<string, { env: string; given: Partial<EnvFiles> }>();
  for (const input of paths) {
    const path = resolve(input);
    if (!existsSync(path) && hasEnv(input)) {
      // A store's id: its data folder (a seeded variant's is generated on first use).
      reports.push(checkFiles(input, filesIn(envDataDir(input))));
      continue;
    }
    if (!existsSync(path)) {
      reports.push(fail(input, path, "no such file or folder"));
      continue;
    }
    if (statSync(path).isDirectory()) {
      const files = filesIn(path);
      const missing = PART_NAMES.filter((p) => !existsSync(files[p]));
      if (missing.length) {
        reports.push(fail(input, path, `missing ${missing.map((p) => PARTS[p].file).join(", ")}`));
        continue;
      }
      const env = envOfFile(files.manifest, "manifest") ?? "unknown";
      reports.push(checkFiles(env, files));
      continue;
    }
    const part = declaredPart(path);
    if (!part) {
      reports.push(
        fail(
          input,
          path,
          `not a siturec data file: its "kind" must be one of ${PART_NAMES.map((p) => PARTS[p].kind).join(", ")}`,
        ),
      );
      continue;
    }
    const env = envOfFile(path, part);
    if (!env) {
      reports.push(fail(input, path, `names no registered store (${envIds().join(", ")})`));
      continue;
    }
    const key = `${dirname(path)}\u0000${env}`;
    const group = groups.get(key) ?? { env, given: {} };
    group.given[part] = path;
    groups.set(key, group);
  }
  for (const [key, { env, given }] of groups) {
    const dir = key.split("\u0000")[0]!;
    const builtin = filesIn(envDataDir(env));
    const files = Object.fromEntries(
      PART_NAMES.map((part) => {
        const sibling = join(dir, PARTS[part].file);
        const useSibling =
          existsSync(sibling) && declaredPart(sibling) === part && envOfFile(sibling, part) === env;
        return [part, given[part] ?? (useSibling ? sibling : builtin[part])];
      }),
    ) as EnvFiles;
    reports.push(checkFiles(env, files));
  }
  return reports;
}

function fail(input: string, path: string, message: string): EnvReport {
  const files = Object.fromEntries(PART_NAMES.map((p) => [p, path])) as EnvFiles;
  return { env: input, files, problems: [{ file: path, path: "$", message }] };
}
