import { type Command, Option } from "commander";
import { SiturecError } from "../core/errors.js";
import { resolveStoreLocation } from "../storage/store-location.js";

/** The run store a command uses when not told: `SITUREC_STORE_URL`, else `./siturec-runs`. */
export function defaultStore(env: NodeJS.ProcessEnv = process.env): string {
  return resolveStoreLocation(undefined, env) ?? "siturec-runs";
}

/** `--store`'s help, the same for every command that reads or writes runs. */
export const STORE_HELP =
  "the run store: a folder, or postgres://… (default SITUREC_STORE_URL, else ./siturec-runs)";

/** `--store URL|DIR`, for every command that reads or writes runs. */
export const storeOption = () => new Option("--store <url|dir>", STORE_HELP);

/**
 * `--dir`, `--store`'s older name, kept as an alias: the program resolves the two
 * (`resolveStoreFlags`) into the `dir` option the command's action reads.
 */
export const dirOption = () => new Option("--dir <url|dir>", "another name for --store");

/**
 * Before a command's action: `--store`, else `--dir`, else the default store, as its `dir` option;
 * both given and different is refused. Commands without the flags are left alone. The `store`
 * option is removed once folded in: `dir` is the one place the action finds the store, and a
 * stray `store` string must not pass for something else (`serve` once handed it to the web server
 * as its RunStore, and every run page failed).
 */
export function resolveStoreFlags(command: Command): void {
  if (!command.options.some((o) => o.long === "--store") || !command.options.some((o) => o.long === "--dir"))
    return;
  const { store, dir } = command.opts<{ store?: string; dir?: string }>();
  if (store && dir && store !== dir)
    throw new SiturecError("--store and --dir name the same thing (the run store); give one of them", {
      exitCode: 2,
    });
  command.setOptionValue("dir", store ?? dir ?? defaultStore());
  command.setOptionValue("store", undefined);
}
