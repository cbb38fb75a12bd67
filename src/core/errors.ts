/**
 * The base of every error siturec raises on purpose: a message a user can act on, an optional hint
 * (what to do next), and the exit code the command line ends with (2: the input was wrong; 1: the
 * input was fine but the work failed). Anything else that escapes is a bug, and the command line
 * says so.
 */
export class SiturecError extends Error {
  override readonly name: string = "SiturecError";
  /** What to do about it, in one line (the command line prints it after the message). */
  readonly hint?: string;
  readonly exitCode: 1 | 2;
  /** The config field the error is about (e.g. `agents.shopper`), for the command line to name its flag. */
  readonly field?: string;

  constructor(
    message: string,
    opts: { hint?: string; exitCode?: 1 | 2; field?: string; cause?: unknown } = {},
  ) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    if (opts.hint !== undefined) this.hint = opts.hint;
    this.exitCode = opts.exitCode ?? 1;
    if (opts.field !== undefined) this.field = opts.field;
  }
}

/** An error as one short line (a crashed browser's message carries its whole log). */
export function shortMessage(err: unknown, max = 240): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = text.split("\n").find((l) => l.trim()) ?? text;
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}
