import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layers and what each may import (besides itself). A lower layer never imports a higher one;
 * tests and their helpers follow the same rules as the code they sit beside.
 */
/** Every library layer: what the public API and the command line stand on. */
const LIBRARY = [
  "core",
  "envs",
  "llm",
  "tasks",
  "render",
  "world",
  "agents",
  "trajectory",
  "episode",
  "storage",
  "customersim",
  "runner",
  "eval",
  "env-server",
  "study",
];

const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  envs: ["core"],
  llm: ["core"],
  tasks: ["core", "envs"],
  render: ["core", "envs"],
  world: ["core", "envs", "render", "tasks"],
  agents: ["core", "envs", "llm", "tasks", "render", "world"],
  trajectory: ["core"],
  episode: ["core", "envs", "llm", "tasks", "render", "world", "agents", "trajectory"],
  storage: ["core", "trajectory"],
  runner: [
    "core",
    "envs",
    "llm",
    "tasks",
    "render",
    "world",
    "agents",
    "trajectory",
    "episode",
    "storage",
    // CustomerSim runs are played by the same runner machinery (plan, leases, spend ledger) into the same store.
    "customersim",
  ],
  // Both benchmarks' evaluation: SituRecBench's trajectories, and CustomerSim's stored conversations
  // scored with its metrics (eval/customersim/).
  eval: ["core", "envs", "llm", "tasks", "agents", "trajectory", "storage", "customersim"],
  customersim: ["core", "llm"],
  // The web server and its browser app (src/web/app): a viewer over the run store. It reads the task
  // banks (subsets), the minimap renderer's base map and CustomerSim's personas to show beside runs.
  // It also serves human-evaluation studies (participants' pages and the organiser's), and draws a
  // replay's walk along the world's navigation mesh.
  web: ["core", "envs", "tasks", "render", "world", "storage", "trajectory", "eval", "customersim", "study"],
  // The environment server (OpenEnv-style sessions): the runner's machinery plus the metrics for its rewards.
  "env-server": [
    "core",
    "envs",
    "llm",
    "tasks",
    "render",
    "world",
    "agents",
    "trajectory",
    "episode",
    "storage",
    "customersim",
    "runner",
    "eval",
  ],
  // Human-evaluation studies: participants play episodes through the runner's machinery, the shopper's
  // decisions waiting on them as an environment server's client (ExternalDecisions); agreement with
  // simulation is computed by the evaluation's metrics.
  study: [
    "core",
    "envs",
    "llm",
    "tasks",
    "render",
    "world",
    "agents",
    "trajectory",
    "episode",
    "storage",
    "runner",
    "eval",
    "env-server",
  ],
  // The public API: named re-exports of what library users may rely on (docs/library.md).
  api: LIBRARY,
  // The commands: the whole library, and the web server they start.
  cli: [...LIBRARY, "web"],
};

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "data" || e.name === "testdata" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** A folder and the folders above it, below src/ (`a/b/c` → `a`, `a/b`, `a/b/c`). */
const ancestors = (dir: string) => dir.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));

const layerOf = (file: string) => relative(SRC, file).split("/")[0]!;
const files = sourceFiles(SRC).filter((f) => relative(SRC, f).includes("/"));

describe("the architecture", () => {
  it("docs/architecture.md lists the same layers, in the same order, with the same imports", () => {
    const doc = readFileSync(join(SRC, "../docs/architecture.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `([\w-]+)` \| .+ \| (.+) \|$/gm)].map((m) => [
      m[1]!,
      m[2] === "—" ? [] : [...m[2]!.matchAll(/`([\w-]+)`/g)].map((x) => x[1]!),
    ]);
    const order = rows.map(([layer]) => layer as string);
    expect(order).toEqual(Object.keys(MAY_IMPORT).sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(Object.fromEntries(rows.map(([layer, to]) => [layer, [...(to as string[])].sort()]))).toEqual(
      Object.fromEntries(Object.entries(MAY_IMPORT).map(([layer, to]) => [layer, [...to].sort()])),
    );
    // Lowest first: a layer imports only layers listed above it.
    for (const [i, layer] of order.entries())
      for (const to of MAY_IMPORT[layer] ?? []) expect(order.indexOf(to), `${layer} → ${to}`).toBeLessThan(i);
  });

  it("every folder of src/ is a known layer", () => {
    const layers = new Set(files.map(layerOf));
    expect([...layers].filter((l) => !(l in MAY_IMPORT))).toEqual([]);
  });

  it("no layer imports a higher one (e.g. storage → runner, core → anything, episode → cli, eval → render)", () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
        const to = layerOf(resolve(dirname(file), m[1]!));
        if (to !== from && !MAY_IMPORT[from]?.includes(to))
          violations.push(`${relative(SRC, file)} imports ${to} (${m[1]})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("store-specific branches live only in src/envs (each store's definition says what differs)", () => {
    const branches = files
      .filter((f) => layerOf(f) !== "envs")
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ line, where: `${relative(SRC, f)}:${i + 1}` }))
          .filter(({ line }) => /[!=]==\s*"(supermarket|home-furnishings)"|"(sm|hf)-"/.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(branches).toEqual([]);
  });

  it("a folder inside a layer is not named after another layer, unless it is that layer's part there", () => {
    // The outer layer's own part for what the other layer names: its CustomerSim runs or evaluation,
    // its model-backed policies.
    const MEANT = new Set(["runner/customersim", "eval/customersim", "agents/llm"]);
    const folders = new Set(files.map((f) => dirname(relative(SRC, f))).flatMap((d) => ancestors(d)));
    const clashes = [...folders].filter((d) => {
      const parts = d.split("/");
      return parts.length > 1 && parts[parts.length - 1]! in MAY_IMPORT && !MEANT.has(d);
    });
    expect(clashes).toEqual([]);
  });

  it("every error class is a SiturecError (a message to act on, a hint, an exit code), not a bare Error", () => {
    const bare = files.flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/class (\w+) extends Error\b/g)]
        .filter((m) => m[1] !== "SiturecError")
        .map((m) => `${relative(SRC, f)}: ${m[1]}`),
    );
    expect(bare).toEqual([]);
  });

  it("the public API (src/api) names what it exports, and exports every error class from one index", () => {
    const api = files.filter((f) => layerOf(f) === "api");
    const wildcards = api.flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/export \* from "([^"]+)"/g)]
        .filter((m) => m[1] !== "./errors.js")
        .map((m) => `${relative(SRC, f)}: export * from "${m[1]}"`),
    );
    expect(wildcards).toEqual([]);
    const index = readFileSync(join(SRC, "api/errors.ts"), "utf8");
    const exported = new Set(
      [...index.matchAll(/export \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())),
    );
    const errors = files
      .filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes("/testing/"))
      .flatMap((f) =>
        [...readFileSync(f, "utf8").matchAll(/export class (\w+) extends \w*Error\b/g)].map((m) => m[1]!),
      );
    expect(errors.length).toBeGreaterThan(20);
    expect(errors.filter((e) => !exported.has(e))).toEqual([]);
  });

  it("no source file grows past 500 lines", () => {
    const long = files
      .map((f) => ({ f: relative(SRC, f), n: readFileSync(f, "utf8").split("\n").length }))
      .filter(({ n }) => n > 500);
    expect(long).toEqual([]);
  });
});
