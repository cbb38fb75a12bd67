// Compares the acceptable sets (and feasibility) of two CustomerSim personas files, persona by persona:
//   git show HEAD:src/customersim/data/personas.json > /tmp/before.json
//   npx tsx scripts/compare-customersim-acceptable.ts /tmp/before.json [src/customersim/data/personas.json]
// Prints how many differ and exits 1 when any does, or when the two files hold different persona ids.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CUSTOMERSIM_DATA_DIR } from "../src/customersim/index.js";
import { PersonaSet } from "../src/customersim/schema/persona.js";

const [beforePath, afterPath = join(CUSTOMERSIM_DATA_DIR, "personas.json")] = process.argv.slice(2);
if (!beforePath) {
  console.error("usage: compare-customersim-acceptable.ts BEFORE.json [AFTER.json]");
  process.exit(2);
}
const read = (path: string) => PersonaSet.parse(JSON.parse(readFileSync(path, "utf8"))).personas;
const before = new Map(read(beforePath).map((p) => [p.id, p]));
const after = read(afterPath);
let differ = 0;
for (const p of after) {
  const b = before.get(p.id);
  if (b && b.feasible === p.feasible && b.acceptable.join(",") === p.acceptable.join(",")) continue;
  differ++;
  console.log(`${p.id}: [${b?.acceptable.join(", ") ?? "missing before"}] -> [${p.acceptable.join(", ")}]`);
}
const missing = [...before.keys()].filter((id) => !after.some((p) => p.id === id));
for (const id of missing) console.log(`${id}: missing after`);
console.log(`${differ + missing.length} of ${before.size} acceptable sets differ`);
if (differ + missing.length) process.exit(1);
