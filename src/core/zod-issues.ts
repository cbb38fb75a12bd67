import type { z } from "zod";

export interface IssueFormat {
  /** How many issues to name (the rest are dropped). Default 4. */
  max?: number;
  /** Between issues. Default "; ". */
  separator?: string;
  /** Before each issue, e.g. the file or config it is in. */
  prefix?: string;
  /** How a path is named: default the dotted path, or "(root)". */
  label?: (path: string | undefined) => string;
}

/** One line per zod issue, `path: message`: the one way siturec reports invalid input. */
export function formatZodIssues(error: z.ZodError, opts: IssueFormat = {}): string {
  const label = opts.label ?? ((path) => path ?? "(root)");
  return error.issues
    .slice(0, opts.max ?? 4)
    .map((i) => `${opts.prefix ?? ""}${label(i.path.length ? i.path.join(".") : undefined)}: ${i.message}`)
    .join(opts.separator ?? "; ");
}
