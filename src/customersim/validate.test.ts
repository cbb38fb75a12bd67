import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CUSTOMERSIM_DATA_DIR, loadCustomerSimData } from "./data-files.js";
import { validateCustomerSimData } from "./validate.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the built-in data with one file's JSON changed by `edit`. */
function corrupted(file: string, edit: (json: Record<string, unknown[]>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "customersim-"));
  dirs.push(dir);
  cpSync(CUSTOMERSIM_DATA_DIR, dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown[]>;
  edit(json);
  writeFileSync(join(dir, file), JSON.stringify(json));
  return dir;
}

type P = Record<string, unknown>;

describe("validateCustomerSimData", () => {
  it("finds no problem in the built-in data", () => {
    expect(validateCustomerSimData()).toEqual([]);
  });

  it("catches a wrong acceptable set", () => {
    const dir = corrupted("personas.json", (j) => {
      const p = (j.personas as P[]).find((x) => x.feasible && (x.acceptable as string[]).length > 1)!;
      (p.acceptable as string[]).pop();
    });
    const problems = validateCustomerSimData(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/acceptable set .* differs from the checker's/);
    expect(problems[0]!.file).toBe(join(dir, "personas.json"));
  });

  it("catches an infeasible persona that some product satisfies", () => {
    const dir = corrupted("personas.json", (j) => {
      const p = (j.personas as P[]).find((x) => !x.feasible)!;
      p.dealbreakers = (p.dealbreakers as P[]).filter((d) => (d.rule as P).kind === "max_price");
      (p.dealbreakers as P[])[0]!.rule = { kind: "max_price", value: 100000 };
      p.budget = 100000;
    });
    const messages = validateCustomerSimData(dir).map((p) => p.message);
    expect(messages.some((m) => /marked infeasible but \d+ products meet/.test(m))).toBe(true);
  });

  it("catches a feasible persona whose preference no acceptable product meets, naming both", () => {
    let id = "";
    const dir = corrupted("personas.json", (j) => {
      const p = (j.personas as P[]).find(
        (x) => x.feasible && (x.dealbreakers as P[]).some((d) => (d.rule as P).attr === "fit"),
      )!;
      id = p.id as string;
      const fits = ((p.dealbreakers as P[]).find((d) => (d.rule as P).attr === "fit")!.rule as P)
        .value as string[];
      const others = ["skinny", "slim", "tapered", "regular", "straight", "relaxed", "oversized", "bootcut"];
      (p.preferences as P[]).push({
        text: "Would like some other fit",
        rule: { kind: "attr", attr: "fit", op: "in", value: others.filter((f) => !fits.includes(f)) },
      });
    });
    const problems = validateCustomerSimData(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toMatch(/^\$\.personas\[\d+\]\.preferences\[\d+\]$/);
    expect(problems[0]!.message).toMatch(
      new RegExp(
        `^entry ${id}: preference "Would like some other fit" is incoherent: no acceptable product meets it`,
      ),
    );
  });

  it("catches an infeasible persona's preference that contradicts a dealbreaker", () => {
    const dir = corrupted("personas.json", (j) => {
      const p = (j.personas as P[]).find(
        (x) =>
          !x.feasible &&
          x.category === "games" &&
          (x.dealbreakers as P[]).some((d) => (d.rule as P).attr === "platform"),
      )!;
      const platform = ((p.dealbreakers as P[]).find((d) => (d.rule as P).attr === "platform")!.rule as P)
        .value;
      (p.preferences as P[]).push({
        text: "Ideally for another platform",
        rule: { kind: "attr", attr: "platform", op: "!=", value: platform },
      });
    });
    const messages = validateCustomerSimData(dir).map((p) => p.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /preference "Ideally for another platform" is incoherent: it contradicts the dealbreaker "Must be/,
    );
  });

  it("catches hard criteria the knowledge does not derive", () => {
    const dir = corrupted("catalog.json", (j) => {
      const p = (j.products as P[]).find((x) => x.category === "male-clothing")!;
      p.hardCriteria = ["moistureWicking"];
    });
    expect(validateCustomerSimData(dir)[0]!.path).toMatch(/^\$\.products\[\d+\]\.hardCriteria$/);
  });

  it("names the bad field when a file breaks its schema", () => {
    const dir = corrupted("catalog.json", (j) => {
      ((j.products as P[])[3]!.attributes as P).care = "tumble dry";
    });
    const [problem] = validateCustomerSimData(dir);
    expect(problem!.path).toBe("$.products[3].attributes.care");
  });

  it("catches a persona count off the paper's split", () => {
    const dir = corrupted("personas.json", (j) => {
      j.personas = (j.personas as P[]).slice(1);
    });
    const messages = validateCustomerSimData(dir).map((p) => p.message);
    expect(messages).toContain("359 personas, expected 360");
  });

  it("loads the built-in data once", () => {
    expect(loadCustomerSimData()).toBe(loadCustomerSimData());
  });
});
