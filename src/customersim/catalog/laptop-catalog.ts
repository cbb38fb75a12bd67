import type { LaptopAttributes } from "../schema/devices.js";
import type { LaptopProduct } from "../schema/product.js";
import type { SalesbotLaptop } from "../source-files.js";
import { LAPTOP_ENRICHMENT, type LaptopEnrichment } from "./laptop-enrichment.js";

export const SALESBOT_LICENCE = "Apache-2.0 (salesforce/salesbot)";

/** The laptops of the catalog: salesbot's records, parsed into attributes and enriched. */
export function buildLaptops(records: readonly SalesbotLaptop[]): Omit<LaptopProduct, "hardCriteria">[] {
  if (records.length !== LAPTOP_ENRICHMENT.length)
    throw new Error(`salesbot has ${records.length} laptops, the enrichment ${LAPTOP_ENRICHMENT.length}`);
  return records.map((r, i) => {
    const extra = LAPTOP_ENRICHMENT[i]!;
    if (!r.name.includes(extra.model)) throw new Error(`laptop ${i} "${r.name}" is not "${extra.model}"`);
    return {
      id: `lt-${String(i + 1).padStart(3, "0")}`,
      category: "laptops",
      name: r.name,
      brand: r.name.split(" - ")[0]!.trim(),
      price: Number(r.price.replace(/[$,]/g, "")),
      description: r.description,
      features: [...r.features, ...extraFeatures(extra)],
      attributes: laptopAttributes(r, extra),
      source: { dataset: "salesbot", ref: `laptops.json#${i}`, licence: SALESBOT_LICENCE },
    };
  });
}

function extraFeatures(e: LaptopEnrichment): string[] {
  return [`${e.os}`, `${e.weightKg} kg`, `Up to ${e.batteryHours} hours of battery life`];
}

function laptopAttributes(r: SalesbotLaptop, e: LaptopEnrichment): LaptopAttributes {
  const text = [r.name, ...r.features].join(" | ");
  const [storageGb, storageType] = parseStorage(text);
  const sourceGpu = /NVIDIA GeForce RTX \d+/.exec(text)?.[0];
  const gpu = sourceGpu ?? e.gpu ?? integratedGpu(text);
  return {
    cpu: parseCpu(r.features),
    cpuFamily: parseCpuFamily(text),
    ramGb: Number(must(/(\d+)GB Memory/i.exec(text), "memory")[1]),
    storageGb,
    storageType,
    displayIn: Number(must(/([\d.]+) inch/.exec(text), "display")[1]),
    touchscreen: /touch/i.test(text),
    formFactor: e.formFactor,
    gpu,
    gpuType: gpu.startsWith("NVIDIA") ? "dedicated" : "integrated",
    os: e.os,
    weightKg: e.weightKg,
    batteryHours: e.batteryHours,
    color: r.name.split(" - ").at(-1)!.trim(),
    colorHex: e.colorHex,
  };
}

function must(m: RegExpExecArray | null, what: string): RegExpExecArray {
  if (!m) throw new Error(`cannot read the ${what} of a salesbot laptop`);
  return m;
}

function parseStorage(text: string): [number, LaptopAttributes["storageType"]] {
  const m = must(/(\d+)(GB|TB) (SSD|solid state drive|Hard Drive|eMMC)/i.exec(text), "storage");
  const gb = Number(m[1]) * (m[2] === "TB" ? 1000 : 1);
  const kind = m[3]!.toLowerCase();
  return [gb, kind === "emmc" ? "eMMC" : kind === "hard drive" ? "HDD" : "SSD"];
}

function parseCpu(features: readonly string[]): string {
  const f = features.find((x) => /processor|chip/i.test(x));
  if (!f) throw new Error("a salesbot laptop names no processor");
  return f.replace(/ (processor|chip)$/i, "").replace(/^M1$/, "Apple M1");
}

const FAMILIES: LaptopAttributes["cpuFamily"][] = [
  "Intel Celeron",
  "Intel Core i5",
  "Intel Core i7",
  "AMD Ryzen 5",
  "AMD Ryzen 7",
  "AMD Ryzen 9",
];

function parseCpuFamily(text: string): LaptopAttributes["cpuFamily"] {
  if (/\bM1\b/.test(text)) return "Apple M1";
  const family = FAMILIES.find((f) => text.includes(f));
  if (!family) throw new Error(`no known processor family in "${text}"`);
  return family;
}

function integratedGpu(text: string): string {
  if (/\bM1\b/.test(text)) return "Apple M1 integrated graphics";
  if (text.includes("AMD")) return "AMD Radeon integrated graphics";
  return "Intel integrated graphics";
}
