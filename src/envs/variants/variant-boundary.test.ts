import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = join(dirname(fileURLToPath(import.meta.url)), "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "data" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The command that makes variants on request (`siturec envs generate`, `envs stats`): it names them. */
const ALLOWED = new Set(["cli/envs-command.ts"]);

describe("seeded variants are src/envs' business", () => {
  it("no code outside src/envs (but the envs command) imports src/envs/variants or calls a store's variant generator", () => {
    const knows = sourceFiles(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !f.startsWith("envs/") && !ALLOWED.has(f))
      .filter((f) =>
        /envs\/variants\/|generateVariant|parseVariantId|variantId\(|HELD_OUT_SEEDS/.test(
          readFileSync(join(SRC, f), "utf8"),
        ),
      );
    expect(knows).toEqual([]);
  });

  it("the rest of siturec takes a variant's id as a store id: no `@` is split off outside src/envs and src/core", () => {
    const splits = sourceFiles(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !f.startsWith("envs/") && !f.startsWith("core/") && !ALLOWED.has(f))
      .flatMap((f) =>
        readFileSync(join(SRC, f), "utf8")
          .split("\n")
          .filter((line) => /(split|indexOf|lastIndexOf)\("@"\)/.test(line) && /env|store/i.test(line))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(splits).toEqual([]);
  });
});
