import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envDataDir } from "../envs/env-data.js";
import { runCli } from "./testing/run-cli.js";

const run = runCli;

function copyOfBuiltin(env: "supermarket" | "home-furnishings"): string {
  const dir = mkdtempSync(join(tmpdir(), "siturec-data-"));
  cpSync(envDataDir(env), dir, { recursive: true });
  return dir;
}

function editJson(file: string, edit: (value: Record<string, unknown[]>) => void): void {
  const value = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown[]>;
  edit(value);
  writeFileSync(file, JSON.stringify(value));
}

describe("siturec envs", () => {
  it("--json prints the counts of Table 2 exactly", async () => {
    const { code, out } = await run("envs", "--json");
    expect(code).toBe(0);
    expect(out).toBe(
      '{"environments":[{"id":"supermarket","products":233,"instances":1324,"navTargets":29,"waypoints":42,"profiles":25,"tasks":100},{"id":"home-furnishings","products":222,"instances":244,"navTargets":31,"waypoints":38,"profiles":25,"tasks":100}]}\n',
    );
  });

  it("prints a table by default", async () => {
    const { out } = await run("envs");
    expect(out).toMatch(/^ENVIRONMENT\s+PRODUCTS\s+INSTANCES\s+NAV TARGETS\s+WAYPOINTS\s+PROFILES\s+TASKS\n/);
    expect(out).toMatch(/supermarket\s+233\s+1,324\s+29\s+42/);
  });
});

describe("siturec data validate", () => {
  it("passes on the built-in data", async () => {
    const { code, out } = await run("data", "validate");
    expect(code).toBe(0);
    expect(out).toContain(
      "ok    supermarket: 233 products, 1324 instances, 29 navigation targets, 42 waypoints",
    );
    expect(out).toContain(
      "ok    home-furnishings: 222 products, 244 instances, 31 navigation targets, 38 waypoints",
    );
  });

  it("fails on a copied data folder whose catalog repeats a colour, naming the file and the entry", async () => {
    const dir = copyOfBuiltin("supermarket");
    const catalog = join(dir, "catalog.json");
    editJson(catalog, (c) => {
      const products = c.products as { segColor: string }[];
      products[7]!.segColor = products[3]!.segColor;
    });
    const { code, err } = await run("data", "validate", dir);
    expect(code).toBe(1);
    expect(err).toContain(`${catalog}: $.products[7].segColor: entry sm-008`);
    expect(err).toContain("is already used by sm-004");
  });

  it("fails on a single catalog file with a dangling product id, checked against the built-in parts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-file-"));
    const catalog = join(dir, "my-catalog.json");
    cpSync(join(envDataDir("home-furnishings"), "catalog.json"), catalog);
    editJson(catalog, (c) => {
      (c.products as { id: string }[])[4]!.id = "hf-900";
    });
    const { code, err } = await run("data", "validate", catalog);
    expect(code).toBe(1);
    expect(err).toContain(`${catalog}: $.products[4]: entry hf-900`);
    expect(err).toMatch(
      /instances\.json: \$\.instances\[\d+\]: entry hf-i\d{4}: product 'hf-005' is not in the catalog/,
    );
  });

  it("reports schema errors with the JSON path", async () => {
    const dir = copyOfBuiltin("home-furnishings");
    editJson(join(dir, "catalog.json"), (c) => {
      (c.products as { price: unknown }[])[2]!.price = "cheap";
    });
    const { code, err } = await run("data", "validate", dir);
    expect(code).toBe(1);
    expect(err).toContain("catalog.json: $.products[2].price: entry hf-003");
  });

  it("rejects files that are not siturec data and paths that do not exist", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-bad-"));
    writeFileSync(join(dir, "x.json"), "{}");
    const { code, err } = await run("data", "validate", join(dir, "x.json"), join(dir, "missing.json"));
    expect(code).toBe(1);
    expect(err).toContain("not a siturec data file");
    expect(err).toContain("no such file or folder");
  });
});

describe("usage errors", () => {
  it("an unknown command prints usage and exits non-zero", async () => {
    const { code, err } = await run("frobnicate");
    expect(code).not.toBe(0);
    expect(err).toContain("unknown command 'frobnicate'");
    expect(err).toContain("Usage: siturec");
  });

  it("an unknown flag prints the command's usage and exits non-zero", async () => {
    const { code, err } = await run("envs", "--yaml");
    expect(code).not.toBe(0);
    expect(err).toContain("unknown option '--yaml'");
    expect(err).toContain("Usage: siturec envs");
  });

  it("no command prints usage and exits non-zero", async () => {
    const { code, err } = await run();
    expect(code).toBe(1);
    expect(err).toContain("Usage: siturec");
  });
});

describe("siturec tasks", () => {
  it("list --json has the promised fields for 100 tasks per store", async () => {
    const { code, out } = await run("tasks", "list", "--env", "supermarket", "--json");
    expect(code).toBe(0);
    const { tasks } = JSON.parse(out) as { tasks: Record<string, unknown>[] };
    expect(tasks).toHaveLength(100);
    expect(Object.keys(tasks[0]!)).toEqual(
      expect.arrayContaining([
        "id",
        "profileId",
        "targetProductId",
        "targetPrice",
        "budget",
        "budgetTier",
        "referenceItems",
        "subset",
      ]),
    );
  });

  it("show prints a task's shopper, goal and reference items", async () => {
    const { code, out } = await run("tasks", "show", "hf-03.2");
    expect(code).toBe(0);
    expect(out).toMatch(/^hf-03\.2 · home-furnishings · subset \d/);
    expect(out).toContain("Request:");
    expect(out).toContain("Reference items");
    expect((await run("tasks", "show", "sm-99.9")).code).toBe(1);
  });

  it("validate passes the built-in banks and names the task and field of a bad one", async () => {
    expect((await run("tasks", "validate")).code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "siturec-bank-"));
    const file = join(dir, "bank.json");
    const bank = JSON.parse(readFileSync(join(envDataDir("supermarket"), "tasks.json"), "utf8"));
    bank.tasks[2].goal.budget.amount = 0.5;
    bank.tasks[3].goal.target.product = "sm-998";
    bank.tasks[4].goal.preferences.required = [{ facet: "dietary", value: "paleo" }];
    writeFileSync(file, JSON.stringify(bank));
    const { code, err } = await run("tasks", "validate", file);
    expect(code).toBe(1);
    expect(err).toContain(
      `${bank.tasks[2].id}: $.tasks[2].goal.budget.amount: 0.5 does not exceed the target's price`,
    );
    expect(err).toContain(
      `${bank.tasks[3].id}: $.tasks[3].goal.target.product: 'sm-998' is not in the catalog`,
    );
    expect(err).toContain(
      `${bank.tasks[4].id}: $.tasks[4].goal.preferences.required[0]: unknown attribute label dietary:paleo`,
    );
  });

  it("generate --check passes; generate --seed writes another valid bank", async () => {
    expect((await run("tasks", "generate", "--env", "home-furnishings", "--check")).code).toBe(0);
    const out = join(mkdtempSync(join(tmpdir(), "siturec-gen-")), "bank.json");
    expect((await run("tasks", "generate", "--env", "supermarket", "--seed", "99", "--out", out)).code).toBe(
      0,
    );
    expect(JSON.parse(readFileSync(out, "utf8")).seed).toBe(99);
    expect((await run("tasks", "validate", out)).code).toBe(0);
  });

  it("envs --json reports profiles and tasks", async () => {
    const { out } = await run("envs", "--json");
    for (const e of JSON.parse(out).environments) expect([e.profiles, e.tasks]).toEqual([25, 100]);
  });
});
