import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { loadCustomerSimData } from "./data-files.js";

const ROOT = join(import.meta.dirname, "../..");

it("every persona id the docs, the README and the clients' examples name exists", () => {
  const files = [
    "README.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
    ...readdirSync(join(ROOT, "clients/python/examples")).map((f) => `clients/python/examples/${f}`),
  ];
  const known = new Set(loadCustomerSimData().personas.personas.map((p) => p.id));
  const named = files.flatMap((f) =>
    [...readFileSync(join(ROOT, f), "utf8").matchAll(/\b[a-z]{2}-p\d{3}\b/g)].map((m) => `${f}: ${m[0]}`),
  );
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((n) => !known.has(n.split(": ")[1]!))).toEqual([]);
});
