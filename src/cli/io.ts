import { redactUrlsIn } from "../core/redact-urls.js";

/** Where a command writes; tests capture it, the binary uses the process streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** The same streams, with every URL's password hidden (a store's or a queue's, in any message). */
export function redactingIo(io: CliIo): CliIo {
  return { out: (text) => io.out(redactUrlsIn(text)), err: (text) => io.err(redactUrlsIn(text)) };
}
