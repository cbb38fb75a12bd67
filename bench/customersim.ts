// CustomerSim benchmark: the built-in pair (rule shopper against the reference and the pushy
// salesperson) on all 360 personas, in-process, no model calls. Prints one JSON line per salesperson
// with its conversations, decision alignment and seconds (the first builds the retrieval indexes).
// Then the command users type, `siturec customersim run --shopper rule --sales reference` over all
// 360 personas, run CLI_RUNS times (default 5) as a child process on the built CLI (`dist/`: run
// `npm run build` first), into a fresh store each time: one JSON line with its wall seconds, start,
// run store and progress included (median and the slowest).
//   npm run bench:customersim
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPushySales,
  createReferenceSales,
  createRuleShopper,
  loadCustomerSimData,
  runConversation,
  scoreConversations,
} from "../src/customersim/index.js";

const personas = loadCustomerSimData().personas.personas;
for (const [name, sales] of [
  ["reference", createReferenceSales],
  ["pushy", createPushySales],
] as const) {
  const started = performance.now();
  const results = [];
  for (const persona of personas)
    results.push(await runConversation({ persona, shopper: createRuleShopper(), sales: sales() }));
  const seconds = (performance.now() - started) / 1000;
  const { overall } = scoreConversations(results, personas);
  console.log(
    JSON.stringify({
      sales: name,
      shopper: "rule",
      conversations: overall.conversations,
      da: overall.da,
      fmt: overall.fmt,
      end: overall.end,
      cases: overall.cases,
      turns_mean: Math.round((results.reduce((a, r) => a + r.rounds, 0) / results.length) * 100) / 100,
      seconds: Math.round(seconds * 100) / 100,
    }),
  );
}

const cliRuns = Number(process.env.CLI_RUNS ?? 5);
const walls: number[] = [];
for (let i = 0; i < cliRuns; i++) {
  const store = mkdtempSync(join(tmpdir(), "siturec-bench-cs-"));
  try {
    const started = performance.now();
    const child = spawnSync(
      process.execPath,
      ["bin/siturec.js", "customersim", "run", "--shopper", "rule", "--sales", "reference", "--store", store],
      { encoding: "utf8" },
    );
    if (child.status !== 0) throw new Error(`siturec customersim run failed:\n${child.stderr}`);
    walls.push((performance.now() - started) / 1000);
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
}
walls.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    command: "siturec customersim run --shopper rule --sales reference",
    personas: personas.length,
    runs: cliRuns,
    wall_s_median: Math.round(walls[Math.floor(walls.length / 2)]! * 100) / 100,
    wall_s_max: Math.round(walls[walls.length - 1]! * 100) / 100,
  }),
);
