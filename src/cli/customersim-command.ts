import type { Command } from "commander";
import { formatProblem } from "../core/data-file.js";
import { readCustomerSimData, validateCustomerSimData } from "../customersim/index.js";
import { registerCustomerSimCompare } from "./customersim-compare-command.js";
import { registerCustomerSimReport } from "./customersim-report-command.js";
import { registerCustomerSimRuns } from "./customersim-run-command.js";
import type { CliIo } from "./io.js";

/** `siturec customersim …`: the shopper-simulator benchmark (its data, its runs, their evaluation and export). */
export function registerCustomerSim(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  isTty: () => boolean = () => false,
): void {
  const customersim = program
    .command("customersim")
    .description("CustomerSim: benchmark shopper simulators in a chat store");
  const data = customersim.command("data").description("work with CustomerSim's catalog and personas");
  data
    .command("validate")
    .description(
      "check the built-in data (or a data folder): schemas, counts, every acceptable set recomputed, every infeasible persona infeasible",
    )
    .argument("[dir]", "a CustomerSim data folder; default: the built-in one")
    .action((dir: string | undefined) => {
      const problems = validateCustomerSimData(dir);
      if (problems.length) {
        io.err(`FAIL  customersim: ${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
        for (const p of problems) io.err(`  ${formatProblem(p)}\n`);
        io.err("\nFix the entries above; `siturec customersim data validate` re-checks them.\n");
        setExit(1);
        return;
      }
      const d = readCustomerSimData(dir);
      const personas = d.personas.personas;
      const categories = new Set(d.catalog.products.map((p) => p.category));
      io.out(
        `ok    customersim: ${d.catalog.products.length} products in ${categories.size} categories, ${personas.length} personas (${personas.filter((p) => !p.feasible).length} infeasible)\n`,
      );
    });
  registerCustomerSimRuns(customersim, io, setExit, isTty);
  registerCustomerSimReport(customersim, io);
  registerCustomerSimCompare(customersim, io);
}
