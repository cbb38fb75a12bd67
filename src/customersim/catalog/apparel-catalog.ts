import indefinite from "indefinite";
import type { Rng } from "../../core/random.js";
import type { ApparelAttributes, Fiber, Style } from "../schema/apparel.js";
import type { ApparelProduct } from "../schema/product.js";
import { BRANDS, COLORS, DENIM_COLORS, SIZE_RUNS, STYLE_COLORS } from "./apparel-palette.js";
import { type FabricOption, FEMALE_TYPES, MALE_TYPES, type TypeSpec } from "./apparel-types.js";
import { AUTHORED_LICENCE } from "./watch-catalog.js";

type Gender = "female" | "male";
type Draft = Omit<ApparelProduct, "hardCriteria">;

const PREMIUM: Partial<Record<Fiber, number>> = {
  cashmere: 1.6,
  silk: 1.5,
  "merino wool": 1.3,
  wool: 1.2,
  linen: 1.1,
  "organic cotton": 1.1,
};

/**
 * `count` garments for one gender: the types in turn, each type's fabrics in turn, the rest drawn.
 * `names` holds names already taken (a repeat gets "(Style 2)").
 */
export function buildApparel(rng: Rng, gender: Gender, count: number, names = new Set<string>()): Draft[] {
  const types = gender === "female" ? FEMALE_TYPES : MALE_TYPES;
  const category = gender === "female" ? "female-clothing" : "male-clothing";
  const prefix = gender === "female" ? "fc" : "mc";
  const out: Draft[] = [];
  for (let i = 0; i < count; i++) {
    const spec = types[i % types.length]!;
    const round = Math.floor(i / types.length);
    const fabric =
      round < spec.fabrics.length ? spec.fabrics[(round + i) % spec.fabrics.length]! : rng.pick(spec.fabrics);
    const draft = garment(rng.fork(`${prefix}-${i}`), gender, spec, fabric);
    draft.name = uniqueName(draft.name, names);
    out.push({ ...draft, id: `${prefix}-${String(i + 1).padStart(3, "0")}`, category });
  }
  return out;
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name} (Style ${n})`;
  taken.add(candidate);
  return candidate;
}

function pickStyle(rng: Rng, spec: TypeSpec, fabric: FabricOption): Style {
  const wanted = fabric.styles ?? spec.styles.filter((s) => s !== "athletic");
  const fits = wanted.filter((s) => spec.styles.includes(s));
  return rng.pick(fits.length ? fits : spec.styles);
}

const ATHLETIC_NOUN = /Running|Training|Racerback|Sports/;

function pickNoun(rng: Rng, spec: TypeSpec, style: Style): string {
  const sporty = spec.nouns.filter((n) => ATHLETIC_NOUN.test(n));
  const plain = spec.nouns.filter((n) => !ATHLETIC_NOUN.test(n));
  if (style === "athletic" && sporty.length) return rng.pick(sporty);
  return rng.pick(plain.length ? plain : spec.nouns);
}

function pickSizes(rng: Rng, gender: Gender, spec: TypeSpec): string[] {
  const run = SIZE_RUNS[gender][spec.sizes];
  const start = rng.int(0, 1);
  const end = rng.int(run.length - 2, run.length);
  return run.slice(start, end);
}

function pickPrice(rng: Rng, spec: TypeSpec, fabric: FabricOption): number {
  const [lo, hi] = spec.price;
  const main = fabric.composition[0]![0];
  const raw = (lo + (hi - lo) * rng.float()) * (PREMIUM[main] ?? 1);
  return Math.min(Math.round(raw), Math.round(hi * 1.3)) - 0.01;
}

function garment(rng: Rng, gender: Gender, spec: TypeSpec, fabric: FabricOption): Draft {
  const style = pickStyle(rng, spec, fabric);
  const fit = rng.pick(spec.fits);
  const denim = fabric.fabric.includes("denim");
  const color = rng.pick(denim ? DENIM_COLORS : STYLE_COLORS[style]);
  const pattern = denim ? "solid" : rng.pick(spec.patterns);
  const brand = rng.pick(BRANDS[gender][style]);
  const noun = pickNoun(rng, spec, style);
  const attributes: ApparelAttributes = {
    type: spec.type,
    fit,
    fabric: fabric.fabric,
    composition: fabric.composition.map(([fiber, percent]) => ({ fiber, percent })),
    care: fabric.care,
    color,
    colorHex: COLORS[color]!,
    pattern,
    style,
    sizes: pickSizes(rng, gender, spec),
    finishes: fabric.finishes ?? [],
    pockets: spec.pockets,
  };
  const fitWord = fit === "regular" ? "" : `${fit[0]!.toUpperCase()}${fit.slice(1)} `;
  const fabricWord = fabric.word ? `${fabric.word} ` : "";
  return {
    id: "",
    category: gender === "female" ? "female-clothing" : "male-clothing",
    name: `${brand} ${fabricWord}${fitWord}${noun} - ${color}`,
    brand,
    price: pickPrice(rng, spec, fabric),
    description: describe(attributes, noun),
    features: features(attributes),
    attributes,
    source: { dataset: "authored", licence: AUTHORED_LICENCE },
  };
}

export function compositionText(a: ApparelAttributes): string {
  return a.composition.map((c) => `${c.percent}% ${c.fiber}`).join(", ");
}

function describe(a: ApparelAttributes, noun: string): string {
  const look = a.pattern === "solid" ? a.color.toLowerCase() : `${a.color.toLowerCase()} ${a.pattern}`;
  const wear = a.style === "streetwear" ? a.style : `${a.style} wear`;
  return (
    `${indefinite(noun.toLowerCase(), { capitalize: true })} in ${look} ${a.fabric} (${compositionText(a)}) ` +
    `with ${indefinite(a.fit)} fit, made for ${wear}.${a.pockets ? " It has pockets." : ""} Care: ${a.care}.`
  );
}

/** "100% nylon taffeta" rather than "100% nylon nylon taffeta". */
function fabricText(a: ApparelAttributes): string {
  const composition = compositionText(a);
  const fiber = composition.split(" ").at(-1)!;
  const said = a.fabric === fiber || a.fabric.startsWith(`${fiber} `);
  return said ? `${composition}${a.fabric.slice(fiber.length)}` : `${composition} ${a.fabric}`;
}

function features(a: ApparelAttributes): string[] {
  const sizes = a.sizes.length > 1 ? `Sizes ${a.sizes[0]}-${a.sizes.at(-1)}` : `Size ${a.sizes[0]}`;
  return [
    fabricText(a),
    `${a.fit[0]!.toUpperCase()}${a.fit.slice(1)} fit`,
    `Care: ${a.care}`,
    `Color: ${a.color}${a.pattern === "solid" ? "" : ` (${a.pattern})`}`,
    sizes,
    ...a.finishes.map((f) => `${f[0]!.toUpperCase()}${f.slice(1)} finish`),
    ...(a.pockets ? ["Pockets"] : []),
  ];
}
