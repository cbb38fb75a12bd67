import type { LaptopAttributes } from "../schema/devices.js";

/**
 * What the salesbot records lack, authored for siturec from the makers' published spec sheets
 * (approximate: weight, rated battery, graphics, form factor, OS) and a swatch colour per finish.
 * Keyed by the record's position in salesbot's laptops.json; `model` guards against reordering.
 */
export interface LaptopEnrichment {
  model: string;
  os: LaptopAttributes["os"];
  weightKg: number;
  batteryHours: number;
  formFactor: LaptopAttributes["formFactor"];
  /** Only where the salesbot name does not say. */
  gpu?: string;
  colorHex: string;
}

const W = "Windows";
export const LAPTOP_ENRICHMENT: LaptopEnrichment[] = [
  {
    model: 'HP - 17.3"',
    os: W,
    weightKg: 2.1,
    batteryHours: 7.5,
    formFactor: "clamshell",
    colorHex: "#c9ccd1",
  },
  {
    model: "ThinkPad T14s",
    os: W,
    weightKg: 1.27,
    batteryHours: 12,
    formFactor: "clamshell",
    colorHex: "#4a4d52",
  },
  { model: "ENVY x360", os: W, weightKg: 1.9, batteryHours: 10, formFactor: "2-in-1", colorHex: "#24262b" },
  { model: "XPS 13.3", os: W, weightKg: 1.2, batteryHours: 12, formFactor: "clamshell", colorHex: "#d6d8db" },
  {
    model: "MacBook Air",
    os: "macOS",
    weightKg: 1.29,
    batteryHours: 18,
    formFactor: "clamshell",
    colorHex: "#e3c9a8",
  },
  {
    model: "Surface Laptop 4",
    os: W,
    weightKg: 1.27,
    batteryHours: 19,
    formFactor: "clamshell",
    colorHex: "#a9c4d9",
  },
  { model: "Spin 3", os: W, weightKg: 1.5, batteryHours: 10, formFactor: "2-in-1", colorHex: "#6b6e73" },
  {
    model: "Spectre x360",
    os: W,
    weightKg: 1.3,
    batteryHours: 13,
    formFactor: "2-in-1",
    colorHex: "#2a2a2e",
  },
  {
    model: "Inspiron 14",
    os: W,
    weightKg: 1.5,
    batteryHours: 10,
    formFactor: "clamshell",
    colorHex: "#1c1c1e",
  },
  {
    model: "ROG Zephyrus G15",
    os: W,
    weightKg: 1.9,
    batteryHours: 8,
    formFactor: "clamshell",
    gpu: "NVIDIA GeForce RTX 3060",
    colorHex: "#3b5b4a",
  },
  {
    model: "MacBook Pro",
    os: "macOS",
    weightKg: 2.1,
    batteryHours: 21,
    formFactor: "clamshell",
    colorHex: "#5f6166",
  },
  {
    model: "Pavilion x360 2-in-1",
    os: W,
    weightKg: 1.6,
    batteryHours: 8,
    formFactor: "2-in-1",
    colorHex: "#c9ccd1",
  },
  { model: "G5 Gaming", os: W, weightKg: 2.5, batteryHours: 5, formFactor: "clamshell", colorHex: "#1c1c1e" },
  {
    model: "Surface Book 3",
    os: W,
    weightKg: 1.64,
    batteryHours: 15.5,
    formFactor: "detachable",
    colorHex: "#cfc6b8",
  },
  { model: "Swift 5", os: W, weightKg: 1.0, batteryHours: 15, formFactor: "clamshell", colorHex: "#4f6b64" },
  { model: "Omen 17.3", os: W, weightKg: 2.8, batteryHours: 5, formFactor: "clamshell", colorHex: "#141416" },
  {
    model: "Latitude 9420",
    os: W,
    weightKg: 1.5,
    batteryHours: 14,
    formFactor: "2-in-1",
    colorHex: "#d6d8db",
  },
  {
    model: "VivoBook Flip 14",
    os: W,
    weightKg: 1.5,
    batteryHours: 9,
    formFactor: "2-in-1",
    colorHex: "#b8bcc2",
  },
  {
    model: "MacBook Air",
    os: "macOS",
    weightKg: 1.29,
    batteryHours: 18,
    formFactor: "clamshell",
    colorHex: "#e3c9a8",
  },
  {
    model: "Surface Pro 7",
    os: W,
    weightKg: 0.77,
    batteryHours: 10.5,
    formFactor: "detachable",
    colorHex: "#d9dadc",
  },
  {
    model: "Predator Triton 300",
    os: W,
    weightKg: 2.0,
    batteryHours: 6,
    formFactor: "clamshell",
    colorHex: "#1c1c1e",
  },
  {
    model: "Pavilion x360 14",
    os: W,
    weightKg: 1.6,
    batteryHours: 8,
    formFactor: "2-in-1",
    colorHex: "#c9ccd1",
  },
  {
    model: "Inspiron 15 3000",
    os: W,
    weightKg: 2.2,
    batteryHours: 5,
    formFactor: "clamshell",
    colorHex: "#1c1c1e",
  },
  {
    model: "Surface Laptop Go",
    os: W,
    weightKg: 1.11,
    batteryHours: 13,
    formFactor: "clamshell",
    colorHex: "#d9dadc",
  },
  {
    model: "Aspire 5 Slim",
    os: W,
    weightKg: 1.8,
    batteryHours: 8,
    formFactor: "clamshell",
    colorHex: "#202124",
  },
  {
    model: "HP - Stream 14",
    os: W,
    weightKg: 1.44,
    batteryHours: 11,
    formFactor: "clamshell",
    colorHex: "#3aa6b9",
  },
];
