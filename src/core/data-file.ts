import { readFileSync } from "node:fs";
import type { z } from "zod";
import { SiturecError } from "./errors.js";

export interface DataProblem {
  /** The file the problem is in. */
  file: string;
  /** JSON path into the file, like `$.products[3].price`. */
  path: string;
  message: string;
}

/** A data file that could not be read or does not match its schema. */
export class DataFileError extends SiturecError {
  override readonly name = "DataFileError";
  constructor(readonly problems: DataProblem[]) {
    super(problems.map(formatProblem).join("\n"));
  }
}

export function formatProblem(p: DataProblem): string {
  return `${p.file}: ${p.path}: ${p.message}`;
}

export function jsonPath(path: readonly PropertyKey[]): string {
  let out = "$";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** The innermost object on `path` that has an `id` (or `product`), to name the entry in messages. */
function entryName(raw: unknown, path: readonly PropertyKey[]): string | undefined {
  let node: unknown = raw;
  let name: string | undefined;
  for (const key of path) {
    if (node === null || typeof node !== "object") break;
    node = (node as Record<PropertyKey, unknown>)[key];
    if (node !== null && typeof node === "object" && !Array.isArray(node)) {
      const rec = node as Record<string, unknown>;
      const id =
        typeof rec.id === "string" ? rec.id : typeof rec.product === "string" ? rec.product : undefined;
      if (id) name = id;
    }
  }
  return name;
}

function describeValue(v: unknown): string {
  const s = JSON.stringify(v);
  if (s === undefined) return "nothing";
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Validates parsed JSON against a schema; every problem names the file, the JSON path and the entry. */
export function parseData<S extends z.ZodType>(file: string, raw: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  throw new DataFileError(
    result.error.issues.slice(0, 50).map((issue) => {
      const name = entryName(raw, issue.path);
      const got = "input" in issue ? ` (got ${describeValue(issue.input)})` : "";
      return {
        file,
        path: jsonPath(issue.path),
        message: `${name ? `entry ${name}: ` : ""}${issue.message}${got}`,
      };
    }),
  );
}

/** Reads and validates one JSON data file. */
export function readDataFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new DataFileError([{ file, path: "$", message: `cannot read: ${(err as Error).message}` }]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new DataFileError([{ file, path: "$", message: `not valid JSON: ${(err as Error).message}` }]);
  }
  return parseData(file, raw, schema);
}

/**
 * Stable JSON for checked-in data: one line per top-level field and one line per element of a
 * top-level array, so a data file reads (and diffs) as one record per line.
 */
export function toDataJson(value: Record<string, unknown>): string {
  const fields = Object.entries(value).map(([key, v]) => {
    const body = Array.isArray(v)
      ? v.length === 0
        ? "[]"
        : `[\n${v.map((el) => `    ${JSON.stringify(el)}`).join(",\n")}\n  ]`
      : JSON.stringify(v);
    return `  ${JSON.stringify(key)}: ${body}`;
  });
  return `{\n${fields.join(",\n")}\n}\n`;
}
