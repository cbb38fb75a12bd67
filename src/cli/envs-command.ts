import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import { type EnvData, envDataDir, loadEnvData } from "../envs/env-data.js";
import { generateEnv } from "../envs/generate-data.js";
import { envDefinition, envIds, hasEnv } from "../envs/registry.js";
import { writeVariantFolder } from "../envs/variants/variant-folder.js";
import { HELD_OUT_SEEDS, MAX_VARIANT_SEED, variantId } from "../envs/variants/variant-id.js";
import {
  generateBuiltinTaskBank,
  loadTaskBank,
  serializeTaskBank,
  taskBankFile,
} from "../tasks/task-bank-file.js";
import { layoutStats } from "../world/layout-stats.js";
import type { CliIo } from "./io.js";
import { formatTable } from "./table.js";

export interface EnvSummary {
  id: string;
  products: number;
  instances: number;
  navTargets: number;
  waypoints: number;
  profiles: number;
  tasks: number;
}

function summarize(id: string): EnvSummary {
  const data = loadEnvData(id);
  const bank = loadTaskBank(id);
  return {
    id,
    products: data.catalog.products.length,
    instances: data.instances.instances.length,
    navTargets: data.layout.navTargets.length,
    waypoints: data.layout.waypoints.length,
    profiles: bank.profiles.length,
    tasks: bank.tasks.length,
  };
}

export function summarizeEnvs(): EnvSummary[] {
  return envIds().map(summarize);
}

/** The stores that have seeded variants. */
const variable = () => envIds().filter((id) => envDefinition(id).generateVariant);

/** `7` or `1000-1009` (at most 100 seeds). */
export function parseSeeds(value: string): number[] {
  const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(value);
  const from = Number(m?.[1]);
  const to = Number(m?.[2] ?? m?.[1]);
  if (!m || to < from || to > MAX_VARIANT_SEED || to - from >= 100)
    throw new InvalidArgumentError(
      `expected a seed (0–${MAX_VARIANT_SEED}) or a range of at most 100, e.g. 1000-1009`,
    );
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function parseStore(value: string): string {
  if (!variable().includes(value))
    throw new InvalidArgumentError(`expected a store with variants: ${variable().join(", ")}`);
  return value;
}

function parseEnvId(value: string): string {
  if (!hasEnv(value))
    throw new InvalidArgumentError(
      `no store '${value}': ${envIds().join(", ")}, or a variant such as supermarket@7`,
    );
  return value;
}

/** Writes a variant's folder (its data, its task bank, its stamp) into `dir` and returns what it holds. */
async function writeVariant(id: string, dir: string): Promise<EnvData> {
  const data = await generateEnv(id);
  writeVariantFolder(dir, id, data);
  writeFileSync(join(dir, "tasks.json"), serializeTaskBank(generateBuiltinTaskBank(id, undefined, data)));
  return data;
}

function registerGenerate(envs: Command, io: CliIo): void {
  envs
    .command("generate")
    .description(
      "generate seeded variants of a store: another floor plan of the same catalog, with its own task bank (docs/variants.md)",
    )
    .requiredOption("--from <store>", `the store: ${variable().join(", ")}`, parseStore)
    .requiredOption(
      "--seed <n>",
      `a seed or a range (the held-out split is ${HELD_OUT_SEEDS[0]}-${HELD_OUT_SEEDS.at(-1)})`,
      parseSeeds,
    )
    .option(
      "--out <dir>",
      "write each variant to DIR/STORE@SEED (default: the variant cache, or $SITUREC_VARIANTS_DIR)",
    )
    .action(async (opts: { from: string; seed: number[]; out?: string }) => {
      for (const seed of opts.seed) {
        const id = variantId(opts.from, seed);
        const dir = opts.out ? join(resolve(opts.out), id) : envDataDir(id);
        if (opts.out) await writeVariant(id, dir);
        else taskBankFile(id);
        const s = opts.out ? undefined : summarize(id);
        io.out(
          `wrote ${dir}${s ? `: ${s.instances.toLocaleString("en-US")} instances, ${s.navTargets} navigation targets, ${s.waypoints} waypoints, ${s.tasks} tasks` : ""}\n`,
        );
      }
    });
}

/** The stores `envs stats` shows by default: each store, then its held-out variants. */
function defaultStatsIds(): string[] {
  return envIds().flatMap((id) => [
    id,
    ...(envDefinition(id).generateVariant ? HELD_OUT_SEEDS.map((s) => variantId(id, s)) : []),
  ]);
}

function registerStats(envs: Command, io: CliIo): void {
  envs
    .command("stats")
    .description(
      "layout statistics: hall size, entrance, aisles, walking distance from the start to the navigation targets",
    )
    .argument(
      "[stores...]",
      "stores or variants (default: each store and its held-out variants)",
      (value: string, previous: string[] = []) => [...previous, parseEnvId(value)],
    )
    .option("--json", "print JSON")
    .action(async (ids: string[] | undefined, _opts: unknown, cmd: Command) => {
      const stats = [];
      for (const id of ids?.length ? ids : defaultStatsIds()) stats.push(await layoutStats(id));
      if ((cmd.optsWithGlobals() as { json?: boolean }).json) {
        io.out(`${JSON.stringify({ stats })}\n`);
        return;
      }
      io.out(
        formatTable(
          [
            "store",
            "floor (m)",
            "entrance",
            "targets",
            "instances",
            "path mean (m)",
            "path max (m)",
            "layout",
          ],
          stats.map((s) => [
            s.env,
            `${s.floor.width} × ${s.floor.depth}`,
            s.entrance,
            s.navTargets,
            s.instances,
            s.path.mean,
            s.path.max,
            Object.entries(s.facts)
              .map(([k, v]) => `${k} ${v}`)
              .join(", "),
          ]),
        ),
      );
    });
}

export function registerEnvs(program: Command, io: CliIo): void {
  const envs = program
    .command("envs")
    .description("list the environments and their sizes; generate seeded variants; layout statistics")
    .option("--json", "print JSON")
    .action((opts: { json?: boolean }) => {
      const list = summarizeEnvs();
      if (opts.json) {
        io.out(`${JSON.stringify({ environments: list })}\n`);
        return;
      }
      io.out(
        formatTable(
          ["environment", "products", "instances", "nav targets", "waypoints", "profiles", "tasks"],
          list.map((e) => [e.id, e.products, e.instances, e.navTargets, e.waypoints, e.profiles, e.tasks]),
        ),
      );
    });
  registerGenerate(envs, io);
  registerStats(envs, io);
}
