// Regenerates CustomerSim's checked-in data from the vendored sources and the authored tables:
//   npx tsx scripts/generate-customersim-data.ts           write src/customersim/data/*.json
//   npx tsx scripts/generate-customersim-data.ts --check   exit 1 naming the first file that differs
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  CUSTOMERSIM_DATA_DIR,
  generateCustomerSimData,
  serializeCustomerSimData,
} from "../src/customersim/index.js";

const check = process.argv.includes("--check");
mkdirSync(CUSTOMERSIM_DATA_DIR, { recursive: true });
for (const [file, content] of Object.entries(serializeCustomerSimData(generateCustomerSimData()))) {
  const path = join(CUSTOMERSIM_DATA_DIR, file);
  const same = existsSync(path) && readFileSync(path, "utf8") === content;
  if (check && !same) {
    console.error(`stale: ${path}`);
    console.error("run `npx tsx scripts/generate-customersim-data.ts` and commit the result");
    process.exit(1);
  }
  if (!check && !same) {
    writeFileSync(path, content);
    console.log(`wrote ${path}`);
  }
}
console.log(check ? "customersim data is up to date" : "done");
