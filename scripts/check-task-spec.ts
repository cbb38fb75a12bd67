// Checks the authored roles and need families of a store:
//   npx tsx scripts/check-task-spec.ts supermarket|home-furnishings
import { readFileSync } from "node:fs";
import { loadEnvData } from "../src/envs/env-data.js";
import { checkTaskSpec } from "../src/tasks/check-task-spec.js";
import { NeedsFile, RolesFile } from "../src/tasks/role-spec.js";

const env = process.argv[2];
if (env !== "supermarket" && env !== "home-furnishings") {
  console.error("usage: tsx scripts/check-task-spec.ts supermarket|home-furnishings");
  process.exit(2);
}
const read = (name: string): unknown => JSON.parse(readFileSync(`src/envs/${env}/spec/${name}`, "utf8"));
const roles = RolesFile.safeParse(read("roles.json"));
const needs = NeedsFile.safeParse(read("needs.json"));
for (const [name, r] of [
  ["roles.json", roles],
  ["needs.json", needs],
] as const) {
  if (!r.success) {
    for (const issue of r.error.issues.slice(0, 30))
      console.error(`${name}: ${issue.path.join(".")}: ${issue.message}`);
  }
}
if (!roles.success || !needs.success) process.exit(1);
const data = loadEnvData(env);
const problems = checkTaskSpec(roles.data, needs.data, data.manifest, data.catalog);
for (const p of problems) console.error(p);
console.log(
  `${roles.data.roles.length} roles, ${needs.data.needs.length} need families, ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
