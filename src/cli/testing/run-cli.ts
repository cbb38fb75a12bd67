import { main } from "../main.js";

/** Runs the command line in-process, capturing what it prints and its exit code. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
  });
  return { code, out, err };
}
