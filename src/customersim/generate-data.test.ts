import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { incoherentPreferences } from "./checker/preference-coherence.js";
import { CUSTOMERSIM_DATA_DIR, serializeCustomerSimData } from "./data-files.js";
import { knowledgeFor } from "./domain-knowledge/knowledge-base.js";
import { CUSTOMERSIM_SEED, generateCustomerSimData } from "./generate-data.js";
import { CATEGORIES, CATEGORY_IDS } from "./schema/category.js";

describe("generateCustomerSimData", () => {
  const data = generateCustomerSimData();
  const files = serializeCustomerSimData(data);

  it("is deterministic: the same seed gives byte-identical files", () => {
    expect(serializeCustomerSimData(generateCustomerSimData(CUSTOMERSIM_SEED))).toEqual(files);
  });

  it("another seed gives other personas, the same laptops", () => {
    const other = generateCustomerSimData(CUSTOMERSIM_SEED + 1);
    expect(serializeCustomerSimData(other)["personas.json"]).not.toEqual(files["personas.json"]);
    const laptops = (d: typeof data) => d.catalog.products.filter((p) => p.category === "laptops");
    expect(laptops(other)).toEqual(laptops(data));
  });

  it("matches the checked-in data (as `--check` does)", () => {
    for (const [file, content] of Object.entries(files))
      expect(readFileSync(join(CUSTOMERSIM_DATA_DIR, file), "utf8"), file).toBe(content);
  });

  it("has 468 products and 360 personas split as the paper's Table 5", () => {
    expect(data.catalog.products).toHaveLength(468);
    expect(data.personas.personas).toHaveLength(360);
    const personas = Object.fromEntries(
      CATEGORY_IDS.map((c) => [c, data.personas.personas.filter((p) => p.category === c).length]),
    );
    expect(personas).toEqual({
      "female-clothing": 73,
      "male-clothing": 77,
      laptops: 27,
      "smart-watches": 83,
      games: 100,
    });
    for (const c of CATEGORY_IDS) {
      expect(data.catalog.products.filter((p) => p.category === c)).toHaveLength(CATEGORIES[c].products);
      expect(data.manifest.counts.infeasible[c]).toBe(CATEGORIES[c].infeasible);
    }
  });

  it("keeps every persona's acceptable set and feasibility as they were checked against the paper", () => {
    // sha256 of "<id>:<feasible>:<acceptable ids>" lines; regenerating personas must not move it
    // (scripts/compare-customersim-acceptable.ts names the personas that differ).
    const lines = data.personas.personas.map((p) => `${p.id}:${p.feasible}:${p.acceptable.join(",")}`);
    expect(createHash("sha256").update(lines.join("\n")).digest("hex")).toBe(
      "6d9f3f6a72c386f6870068b223f958be1b03459e573806817694e17b14478262",
    );
  });

  it("draws only coherent preferences: a feasible persona's each met by one of its acceptable products", () => {
    const incoherent = data.personas.personas.flatMap((p) =>
      incoherentPreferences(p, data.catalog.products, knowledgeFor(data.knowledge, p.category)).map(
        (i) => `${p.id}: ${i.preference.text}`,
      ),
    );
    expect(incoherent).toEqual([]);
    const withPreferences = data.personas.personas.filter((p) => p.preferences.length > 0).length;
    expect(withPreferences).toBeGreaterThan(330);
  });

  it("grounds the laptops in salesbot and seeds laptop personas from SalesSim", () => {
    const laptops = data.catalog.products.filter((p) => p.category === "laptops");
    expect(laptops.every((p) => p.source.dataset === "salesbot")).toBe(true);
    const clara = data.personas.personas.find((p) => p.origin === "salessim:Clara");
    expect(clara?.feasible).toBe(false);
  });

  it("keeps the files compact (under 3 MB in all)", () => {
    const bytes = Object.values(files).reduce((sum, s) => sum + Buffer.byteLength(s), 0);
    expect(bytes).toBeLessThan(3_000_000);
  });
});
