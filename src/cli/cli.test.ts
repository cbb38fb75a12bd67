import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinDataDir } from "../envs/env-data.js";
import { main } from "./main.js";

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await main(argv, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
  });
  return { code, out, err };
}

function copyOfBuiltin(env: "supermarket" | "home-furnishings"): string {
  const dir = mkdtempSync(join(tmpdir(), "siturec-data-"));
  cpSync(builtinDataDir(env), dir, { recursive: true });
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
      '{"environments":[{"id":"supermarket","products":233,"instances":1324,"navTargets":29,"waypoints":42},{"id":"home-furnishings","products":222,"instances":244,"navTargets":31,"waypoints":38}]}\n',
    );
  });

  it("prints a table by default", async () => {
    const { out } = await run("envs");
    expect(out).toMatch(/^ENVIRONMENT\s+PRODUCTS\s+INSTANCES\s+NAV TARGETS\s+WAYPOINTS\n/);
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
    cpSync(join(builtinDataDir("home-furnishings"), "catalog.json"), catalog);
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
