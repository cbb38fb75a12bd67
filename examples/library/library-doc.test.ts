import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

it("docs/library.md shows each example file as it is (the files are type-checked and run)", () => {
  const doc = readFileSync(join(ROOT, "docs/library.md"), "utf8");
  const shown = [...doc.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)\n```/g)];
  expect(shown.map((m) => m[1])).toEqual([
    "examples/library/run-benchmark.ts",
    "examples/library/evaluate-run.ts",
    "examples/library/customersim.ts",
    "examples/library/env-server.ts",
  ]);
  for (const [, file, code] of shown)
    expect(code, file).toBe(readFileSync(join(ROOT, file!), "utf8").trimEnd());
});
