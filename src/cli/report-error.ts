import { SiturecError } from "../core/errors.js";
import type { CliIo } from "./io.js";
import { FLAG_OF_FIELD } from "./run-flags.js";

/**
 * The one place errors reach the user: a siturec error as its message and, where there is one, a
 * hint (what to do, or the flag that sets the field); anything else as a bug. No stack trace unless
 * SITUREC_DEBUG=1. Returns the exit code.
 */
export function reportError(err: unknown, io: CliIo, command: string | undefined): number {
  const debug = process.env.SITUREC_DEBUG === "1";
  const prefix = command ? `siturec ${command}: ` : "siturec: ";
  const stack = err instanceof Error && debug && err.stack ? `${err.stack}\n` : "";
  if (err instanceof SiturecError) {
    const flag = err.field ? FLAG_OF_FIELD[err.field] : undefined;
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
