import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DataFileError, jsonPath, parseData, readDataFile, toDataJson } from "./data-file.js";

const Schema = z.object({ products: z.array(z.object({ id: z.string(), price: z.number() })) });

function problemsOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof DataFileError) return err.problems;
    throw err;
  }
  throw new Error("expected a DataFileError");
}

describe("data files", () => {
  it("names the file, the JSON path, the entry and the bad value", () => {
    const raw = {
      products: [
        { id: "a", price: 1 },
        { id: "sm-002", price: "cheap" },
      ],
    };
    const [problem] = problemsOf(() => parseData("catalog.json", raw, Schema));
    expect(problem).toMatchObject({ file: "catalog.json", path: "$.products[1].price" });
    expect(problem!.message).toContain("entry sm-002");
    expect(problem!.message).toContain('"cheap"');
  });

  it("reports unreadable and malformed files", () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-"));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{ not json");
    expect(problemsOf(() => readDataFile(bad, Schema))[0]!.message).toMatch(/not valid JSON/);
    expect(problemsOf(() => readDataFile(join(dir, "none.json"), Schema))[0]!.message).toMatch(/cannot read/);
  });

  it("writes one record per line and reads back the same value", () => {
    const value = { kind: "x", items: [{ a: 1 }, { a: [1, 2] }], empty: [] };
    const text = toDataJson(value);
    expect(text).toBe(
      '{\n  "kind": "x",\n  "items": [\n    {"a":1},\n    {"a":[1,2]}\n  ],\n  "empty": []\n}\n',
    );
    expect(JSON.parse(text)).toEqual(value);
  });

  it("formats paths", () => {
    expect(jsonPath(["products", 3, "segColor"])).toBe("$.products[3].segColor");
    expect(jsonPath(["a-b"])).toBe('$["a-b"]');
  });
});
