import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** Every `<!-- example: FILE -->` code block of a page, with the file it shows. */
const examplesOf = (page: string) =>
  [
    ...readFileSync(join(ROOT, page), "utf8").matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)\n```/g),
  ].map((m) => ({ page, file: m[1]!, code: m[2]! }));

it("docs/library.md shows each entry point's example file", () => {
  expect(examplesOf("docs/library.md").map((e) => e.file)).toEqual([
    "examples/library/run-benchmark.ts",
    "examples/library/evaluate-run.ts",
    "examples/library/customersim.ts",
    "examples/library/env-server.ts",
  ]);
});

it("every example a page shows is its file as it is (the files are type-checked and run)", () => {
  const pages = [
    "README.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  const shown = pages.flatMap(examplesOf);
  expect(shown.map((e) => e.page)).toContain("docs/env-server.md");
  for (const { page, file, code } of shown)
    expect(code, `${page} shows ${file}`).toBe(readFileSync(join(ROOT, file), "utf8").trimEnd());
});
