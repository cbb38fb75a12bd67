// Checks an authored product spec: `npx tsx scripts/check-spec.ts supermarket|home-furnishings`.
import { readFileSync } from "node:fs";
import { checkFurnitureSpec } from "../src/envs/home-furnishings/spec/check-furniture-spec.js";
import { FurnitureSpec } from "../src/envs/home-furnishings/spec/furniture-spec.js";
import { checkGrocerySpec } from "../src/envs/supermarket/spec/check-grocery-spec.js";
import { GrocerySpec } from "../src/envs/supermarket/spec/grocery-spec.js";

const env = process.argv[2];
if (env !== "supermarket" && env !== "home-furnishings") {
  console.error("usage: tsx scripts/check-spec.ts supermarket|home-furnishings");
  process.exit(2);
}
const file = new URL(`../src/envs/${env}/spec/products.json`, import.meta.url);
const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
const schema = env === "supermarket" ? GrocerySpec : FurnitureSpec;
const parsed = schema.safeParse(raw);
if (!parsed.success) {
  for (const issue of parsed.error.issues.slice(0, 40)) {
    console.error(`${issue.path.join(".")}: ${issue.message}`);
  }
  process.exit(1);
}
const problems =
  env === "supermarket"
    ? checkGrocerySpec(parsed.data as GrocerySpec)
    : checkFurnitureSpec(parsed.data as FurnitureSpec);
for (const p of problems) console.error(p);
console.log(`${parsed.data.products.length} products, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
