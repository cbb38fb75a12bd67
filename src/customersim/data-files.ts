import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { DataFileError, type DataProblem, readDataFile, toDataJson } from "../core/data-file.js";
import { GuideSet } from "./schema/guide.js";
import { KnowledgeBase } from "./schema/knowledge.js";
import { CustomerSimManifest } from "./schema/manifest.js";
import { PersonaSet } from "./schema/persona.js";
import { Catalog } from "./schema/product.js";

/** Everything CustomerSim's data holds, one value per file. */
export interface CustomerSimData {
  manifest: CustomerSimManifest;
  catalog: Catalog;
  personas: PersonaSet;
  knowledge: KnowledgeBase;
  guides: GuideSet;
}

export type CustomerSimPart = keyof CustomerSimData;

export const CUSTOMERSIM_FILES: Record<CustomerSimPart, { file: string; schema: z.ZodType }> = {
  manifest: { file: "manifest.json", schema: CustomerSimManifest },
  catalog: { file: "catalog.json", schema: Catalog },
  personas: { file: "personas.json", schema: PersonaSet },
  knowledge: { file: "knowledge.json", schema: KnowledgeBase },
  guides: { file: "guides.json", schema: GuideSet },
};

export const CUSTOMERSIM_PARTS = Object.keys(CUSTOMERSIM_FILES) as CustomerSimPart[];

/** The checked-in data folder, `src/customersim/data` (next to the compiled code once built). */
export const CUSTOMERSIM_DATA_DIR = fileURLToPath(new URL("./data/", import.meta.url));

/** The path of each part's file in a folder. */
export function customerSimFiles(dir: string): Record<CustomerSimPart, string> {
  return Object.fromEntries(
    CUSTOMERSIM_PARTS.map((p) => [p, join(dir, CUSTOMERSIM_FILES[p].file)]),
  ) as Record<CustomerSimPart, string>;
}

/** Reads and schema-checks every file of a folder; all problems of all files are thrown together. */
export function readCustomerSimData(dir: string = CUSTOMERSIM_DATA_DIR): CustomerSimData {
  const files = customerSimFiles(dir);
  const problems: DataProblem[] = [];
  const data: Partial<Record<CustomerSimPart, unknown>> = {};
  for (const part of CUSTOMERSIM_PARTS) {
    try {
      data[part] = readDataFile(files[part], CUSTOMERSIM_FILES[part].schema);
    } catch (err) {
      if (!(err instanceof DataFileError)) throw err;
      problems.push(...err.problems);
    }
  }
  if (problems.length) throw new DataFileError(problems);
  return data as unknown as CustomerSimData;
}

let cached: CustomerSimData | undefined;

/** The built-in data, read and schema-checked once per process. */
export function loadCustomerSimData(): CustomerSimData {
  cached ??= readCustomerSimData();
  return cached;
}

/** The bytes of each data file, keyed by file name: one line per record. */
export function serializeCustomerSimData(data: CustomerSimData): Record<string, string> {
  return Object.fromEntries(
    CUSTOMERSIM_PARTS.map((p) => [
      CUSTOMERSIM_FILES[p].file,
      toDataJson(data[p] as unknown as Record<string, unknown>),
    ]),
  );
}
