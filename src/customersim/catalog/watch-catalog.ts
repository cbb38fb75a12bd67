import indefinite from "indefinite";
import type { Rng } from "../../core/random.js";
import type { WatchAttributes } from "../schema/devices.js";
import type { WatchProduct } from "../schema/product.js";
import { WATCH_MODELS, WATER_DEPTH_M, type WatchModel } from "./watch-models.js";

export const AUTHORED_LICENCE = "MIT (authored for siturec)";

const BAND_EXTRA: Record<WatchAttributes["bandMaterial"], number> = {
  silicone: 0,
  fluoroelastomer: 0,
  nylon: 0,
  leather: 50,
  "stainless steel": 100,
  titanium: 150,
};

interface Variant {
  model: WatchModel;
  size: [number, number];
  color: [string, string];
  band: WatchAttributes["bandMaterial"];
  cellular: boolean;
}

function variantsOf(model: WatchModel): Variant[] {
  const cellular = model.cellular === undefined ? [false] : [false, true];
  return model.sizes.flatMap((size) =>
    model.colors.flatMap((color) =>
      model.bands.flatMap((band) => cellular.map((c) => ({ model, size, color, band, cellular: c }))),
    ),
  );
}

/** `count` watches: every line at least once, the rest drawn from all variants. */
export function buildWatches(rng: Rng, count: number): Omit<WatchProduct, "hardCriteria">[] {
  const first = WATCH_MODELS.map((m) => rng.pick(variantsOf(m)));
  const taken = new Set(first.map(variantKey));
  const rest = rng.shuffle(WATCH_MODELS.flatMap(variantsOf).filter((v) => !taken.has(variantKey(v))));
  const chosen = [...first, ...rest.slice(0, count - first.length)];
  const order = new Map(WATCH_MODELS.map((m, i) => [m, i]));
  chosen.sort(
    (a, b) => order.get(a.model)! - order.get(b.model)! || variantKey(a).localeCompare(variantKey(b)),
  );
  return chosen.map((v, i) => watchProduct(v, i));
}

const variantKey = (v: Variant) => `${v.model.line}|${v.size[0]}|${v.color[0]}|${v.band}|${v.cellular}`;

const bandLabel = (b: string) => `${b[0]!.toUpperCase()}${b.slice(1)} band`;

function watchProduct(v: Variant, i: number): Omit<WatchProduct, "hardCriteria"> {
  const { model: m, size, color, band, cellular } = v;
  const price = size[1] + BAND_EXTRA[band] + (cellular ? (m.cellular ?? 0) : 0);
  const attributes: WatchAttributes = {
    type: m.type,
    osCompatibility: m.os,
    gps: m.gps,
    batteryLifeHours: m.batteryLifeHours,
    sensors: m.sensors,
    waterRating: m.waterRating,
    waterResistanceM: WATER_DEPTH_M[m.waterRating],
    display: m.display,
    caseSizeMm: size[0],
    caseMaterial: m.caseMaterial,
    bandMaterial: band,
    bandSwappable: m.type !== "fitness tracker" || m.brand === "Fitbit",
    cellular,
    contactlessPayments: m.payments,
    color: color[0],
    colorHex: color[1],
  };
  return {
    id: `sw-${String(i + 1).padStart(3, "0")}`,
    category: "smart-watches",
    name: `${m.line} ${size[0]}mm${cellular ? " GPS + Cellular" : ""} - ${color[0]} - ${bandLabel(band)}`,
    brand: m.brand,
    price: Math.round(price * 100) / 100,
    description: watchDescription(m, attributes),
    features: watchFeatures(attributes),
    attributes,
    source: { dataset: "authored", licence: AUTHORED_LICENCE },
  };
}

function batteryWords(hours: number): string {
  return hours >= 48 ? `up to ${Math.round(hours / 24)} days` : `up to ${hours} hours`;
}

function phones(os: readonly string[]): string {
  return os.length === 2
    ? "iPhone and Android phones"
    : os[0] === "iOS"
      ? "iPhone only"
      : "Android phones only";
}

function watchDescription(m: WatchModel, a: WatchAttributes): string {
  const gps = a.gps === "built-in" ? "built-in GPS" : "GPS through your phone";
  return (
    `The ${m.line} is ${indefinite(a.type)} with a ${a.caseSizeMm}mm ${a.caseMaterial} case and ${indefinite(a.display)} display. ` +
    `It works with ${phones(a.osCompatibility)}, tracks workouts with ${gps} and lasts ${batteryWords(a.batteryLifeHours)} on a charge. ` +
    `Water rating: ${a.waterRating}.`
  );
}

function watchFeatures(a: WatchAttributes): string[] {
  return [
    `Compatible with ${phones(a.osCompatibility)}`,
    a.gps === "built-in"
      ? "Built-in GPS"
      : a.gps === "connected"
        ? "Connected GPS (uses your phone)"
        : "No GPS",
    `Battery life ${batteryWords(a.batteryLifeHours)}`,
    `Sensors: ${a.sensors.join(", ")}`,
    `Water resistance ${a.waterRating}`,
    `${a.caseSizeMm}mm ${a.caseMaterial} case, ${a.display} display`,
    `${bandLabel(a.bandMaterial)}${a.bandSwappable ? " (swappable)" : ""}`,
    ...(a.cellular ? ["Cellular (LTE)"] : []),
    ...(a.contactlessPayments ? ["Contactless payments"] : []),
  ];
}
