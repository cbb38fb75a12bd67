import { resolveStoreLocation } from "../storage/open-run-store.js";

/** The run store a command uses when not told: `SITUREC_STORE_URL`, else `./siturec-runs`. */
export function defaultStore(env: NodeJS.ProcessEnv = process.env): string {
  return resolveStoreLocation(undefined, env) ?? "siturec-runs";
}

/** The `--dir` flag's help, the same for every command that reads a run store. */
export const DIR_HELP =
  "run store: a folder, or postgres://… (default SITUREC_STORE_URL, else ./siturec-runs)";
