import type { Command } from "commander";
import { formatProblem } from "../core/data-file.js";
import { type EnvReport, validateBuiltin, validatePaths } from "../envs/validate-paths.js";
import type { CliIo } from "./io.js";

function describe(report: EnvReport): string {
  const d = report.data!;
  return `${d.catalog.products.length} products, ${d.instances.instances.length} instances, ${d.layout.navTargets.length} navigation targets, ${d.layout.waypoints.length} waypoints`;
}

export function registerData(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const data = program.command("data").description("work with environment data");
  data
    .command("validate")
    .description(
      "check the built-in data, or the given data folders and files (schemas and cross-references)",
    )
    .argument(
      "[paths...]",
      "data folders or files, or store ids (a variant such as supermarket@7 is generated first); default: the built-in environments",
    )
    .action((paths: string[]) => {
      const reports = paths.length ? validatePaths(paths) : validateBuiltin();
      let failed = 0;
      for (const report of reports) {
        if (report.problems.length === 0) {
          io.out(`ok    ${report.env}: ${describe(report)}\n`);
          continue;
        }
        failed++;
        io.err(
          `FAIL  ${report.env}: ${report.problems.length} problem${report.problems.length === 1 ? "" : "s"}\n`,
        );
        for (const p of report.problems) io.err(`  ${formatProblem(p)}\n`);
      }
      if (failed) {
        io.err("\nFix the entries above; `siturec data validate` re-checks them.\n");
        setExit(1);
      }
    });
}
