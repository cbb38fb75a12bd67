import { SiturecError } from "../core/errors.js";
import type { CliIo } from "./io.js";

/**
 * The one place errors reach the user: a siturec error as its message and, where there is one, a
 * hint (what to do, or the flag that sets the field); anything else as a bug. No stack trace unless
 * SITUREC_DEBUG=1. Returns the exit code.
 */
export function reportError(
  err: unknown,
  io: CliIo,
  command: string | undefined,
  /** The flag that sets each run configuration field (`agents.shopper` → `--shopper`). */
  flagOfField: Readonly<Record<string, string>> = {},
): number {
  const debug = process.env.SITUREC_DEBUG === "1";
  const prefix = command ? `siturec ${command}: ` : "siturec: ";
  const stack = err instanceof Error && debug && err.stack ? `${err.stack}\n` : "";
  if (err instanceof SiturecError) {
    const flag = err.field ? flagOfField[err.field] : undefined;
    const hint = err.hint ?? (flag ? `${flag} sets ${err.field}` : undefined);
    io.err(`${prefix}${err.message}\n${hint ? `  hint: ${hint}\n` : ""}${stack}`);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  io.err(
    `${prefix}unexpected error: ${message}\n${stack || "  this is a bug in siturec; SITUREC_DEBUG=1 prints its stack trace\n"}`,
  );
  return 1;
}

/**
 * `reportError` for the command line: the run flags' names (and the modules they need) are loaded
 * only when the error names a configuration field, so a command that never reads them starts light.
 */
export async function reportCommandError(
  err: unknown,
  io: CliIo,
  command: string | undefined,
): Promise<number> {
  const field = err instanceof SiturecError ? err.field : undefined;
  const flags = field ? (await import("./run-flags.js")).FLAG_OF_FIELD : {};
  return reportError(err, io, command, flags);
}
