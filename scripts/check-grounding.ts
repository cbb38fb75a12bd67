// Checks the authored specs against the public data they are grounded in, which lives outside the
// repository (the workplace's shared/data, or --data DIR):
//   npx tsx scripts/check-grounding.ts [--data ../shared/data]
// - every IKEA-grounded furniture entry copies its CSV row exactly;
// - every USDA-grounded grocery entry copies its row's ingredients verbatim;
// - grocery price levels per department next to Kroger's (reference-only data: medians printed, no row copied).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "csv-parse/sync";
import { FurnitureSpec } from "../src/envs/home-furnishings/spec/furniture-spec.js";
import { GrocerySpec } from "../src/envs/supermarket/spec/grocery-spec.js";

const flag = process.argv.indexOf("--data");
const dataDir = resolve(flag > 0 ? process.argv[flag + 1]! : "../shared/data");
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const num = (s: string | undefined) => (s === undefined || s === "" ? null : Number(s));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : Number.NaN;
};
let problems = 0;
const problem = (msg: string) => {
  problems++;
  console.error(`  ${msg}`);
};

// --- IKEA -----------------------------------------------------------------------------------
const ikeaRows = parse(readFileSync(join(dataDir, "furnishings/ikea-sa/ikea.csv")), {
  columns: true,
}) as Record<string, string>[];
const firstRow = new Map<string, Record<string, string>>();
for (const row of ikeaRows) if (!firstRow.has(row.item_id!)) firstRow.set(row.item_id!, row);
const furniture = FurnitureSpec.parse(
  JSON.parse(readFileSync("src/envs/home-furnishings/spec/products.json", "utf8")),
);
let ikeaChecked = 0;
console.log("IKEA rows:");
for (const item of furniture.products) {
  if (!item.ikea) continue;
  ikeaChecked++;
  const row = firstRow.get(item.ikea.itemId);
  if (!row) {
    problem(`${item.key}: item ${item.ikea.itemId} is not in the CSV`);
    continue;
  }
  const expected = {
    name: row.name,
    category: row.category,
    priceSar: Number(row.price),
    shortDescription: collapse(row.short_description!),
    designer: row.designer,
    depthCm: num(row.depth),
    heightCm: num(row.height),
    widthCm: num(row.width),
    link: row.link,
  };
  for (const [field, value] of Object.entries(expected)) {
    const got = (item.ikea as Record<string, unknown>)[field];
    const same =
      typeof value === "string" && typeof got === "string" ? collapse(got) === value : got === value;
    if (!same)
      problem(`${item.key}: ikea.${field} is ${JSON.stringify(got)}, the row has ${JSON.stringify(value)}`);
  }
}
console.log(`  ${ikeaChecked} IKEA-grounded products checked`);

// --- USDA -----------------------------------------------------------------------------------
const usdaModule = (await import(
  pathToFileURL(join(dataDir, "grocery/usda-branded/branded_food_small.js")).href
)) as {
  smallData: Record<string, string>[];
};
const usda = new Map(usdaModule.smallData.map((r) => [r[""]!, r]));
const groceries = GrocerySpec.parse(
  JSON.parse(readFileSync("src/envs/supermarket/spec/products.json", "utf8")),
);
let usdaChecked = 0;
console.log("USDA rows:");
for (const item of groceries.products) {
  if (!item.usdaRow) continue;
  usdaChecked++;
  const row = usda.get(item.usdaRow);
  if (!row) problem(`${item.key}: USDA row ${item.usdaRow} does not exist`);
  else if (row.ingredients !== item.ingredients)
    problem(`${item.key}: ingredients differ from USDA row ${item.usdaRow}`);
}
console.log(`  ${usdaChecked} USDA-grounded products checked`);

// --- Kroger price levels (reference only) ------------------------------------------------------
const kroger = parse(readFileSync(join(dataDir, "grocery/kroger-prices/kroger_items.derived.csv")), {
  columns: true,
}) as Record<string, string>[];
/** Our fixtures next to the Kroger departments that sell the same kind of goods. */
const COMPARE: [string, string[], RegExp][] = [
  ["Breakfast", ["shelf-01"], /^Breakfast$/],
  ["Pantry staples", ["shelf-03", "shelf-04", "shelf-05", "shelf-06"], /^Pantry$/],
  ["Snacks & candy", ["shelf-07"], /^(Candy)$|Snacks/],
  ["Beverages", ["shelf-08"], /^Beverages$/],
  ["Cleaning & paper", ["shelf-09", "shelf-10"], /^Cleaning/],
  ["Personal care", ["shelf-11"], /^Personal Care$/],
  ["Dairy & eggs", ["open-cooler-1", "open-cooler-2"], /^Dairy & Eggs$/],
  ["Meat & seafood", ["open-cooler-3", "chest-freezer-1", "chest-freezer-2"], /^Meat & Seafood$/],
  [
    "Frozen",
    [
      "upright-freezer-1",
      "upright-freezer-2",
      "upright-freezer-3",
      "upright-freezer-4",
      "upright-freezer-5",
      "upright-freezer-6",
      "upright-freezer-7",
      "upright-freezer-8",
    ],
    /^Frozen Foods$/,
  ],
  ["Produce", ["produce-stand-1", "produce-stand-2"], /^Fresh Fruits & Vegetables$/],
];
console.log("Price levels, median USD (ours vs Kroger reference):");
for (const [label, sections, pattern] of COMPARE) {
  const ours = groceries.products.filter((p) => sections.includes(p.section)).map((p) => p.price);
  const theirs = kroger
    .filter((r) => pattern.test(r.category!) || pattern.test(r.subcategory!))
    .map((r) => Number(r.price_usd));
  console.log(
    `  ${label.padEnd(18)} ours ${median(ours).toFixed(2).padStart(6)} (n=${String(ours.length).padStart(2)})   kroger ${median(theirs).toFixed(2).padStart(6)} (n=${theirs.length})`,
  );
}
if (problems) {
  console.error(`${problems} grounding problems`);
  process.exit(1);
}
console.log("grounding ok");
