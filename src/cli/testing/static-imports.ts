import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

// `import … from "x"`, `export … from "x"` and `import "x"`, but not `import type`/`export type`,
// which the compiler erases (an `import { type A }` stays: verbatimModuleSyntax keeps the import).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm;

/** What a source file loads when it is imported, transitively: its project files and the packages. */
export function staticImports(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith(".")) visit(resolve(dirname(file), specifier!.replace(/\.js$/, ".ts")));
      else if (!specifier!.startsWith("node:"))
        packages.add(specifier!.split("/", specifier!.startsWith("@") ? 2 : 1).join("/"));
    }
  };
  visit(resolve(entry));
  return { files, packages };
}
