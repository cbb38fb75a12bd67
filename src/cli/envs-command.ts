import type { Command } from "commander";
import { loadEnvData } from "../envs/env-data.js";
import { envIds } from "../envs/registry.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
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

export function summarizeEnvs(): EnvSummary[] {
  return envIds().map((id) => {
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
  });
}

export function registerEnvs(program: Command, io: CliIo): void {
  program
    .command("envs")
    .description("list the environments and their sizes")
    .option("--json", "print JSON")
    .action((opts: { json?: boolean }) => {
      const envs = summarizeEnvs();
      if (opts.json) {
        io.out(`${JSON.stringify({ environments: envs })}\n`);
        return;
      }
      io.out(
        formatTable(
          ["environment", "products", "instances", "nav targets", "waypoints", "profiles", "tasks"],
          envs.map((e) => [e.id, e.products, e.instances, e.navTargets, e.waypoints, e.profiles, e.tasks]),
        ),
      );
    });
}
