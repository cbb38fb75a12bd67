import type { ApparelType } from "../schema/apparel.js";
import type { Product } from "../schema/product.js";
import { article as an, attrs, type CriterionKind, criterion, type Need, orList, prop } from "./need.js";

const type = (p: Product) => attrs(p).type as ApparelType;
const PLURAL = new Set(["jeans", "leggings", "joggers", "shorts", "chinos"]);
const article = (t: string) => (PLURAL.has(t) ? t : an(t));
export const shoppingForType = (p: Product) => article(type(p));

const isType = (types: ApparelType[]) => (p: Product) => types.includes(type(p));

const theType: CriterionKind = (a) =>
  criterion(`Must be ${article(type(a))}`, { kind: "attr", attr: "type", op: "==", value: type(a) });

const FIT_FAMILY: Record<string, string[]> = {
  skinny: ["skinny", "slim"],
  slim: ["slim", "skinny", "tapered"],
  tapered: ["tapered", "slim"],
  regular: ["regular", "straight"],
  straight: ["straight", "regular"],
  relaxed: ["relaxed", "oversized"],
  oversized: ["oversized", "relaxed"],
  bootcut: ["bootcut"],
};

const fit: CriterionKind = (a) => {
  const fits = FIT_FAMILY[String(attrs(a).fit)]!;
  return criterion(`Needs ${an(orList(fits))} fit`, {
    kind: "attr",
    attr: "fit",
    op: "in",
    value: fits,
  });
};

const EDGE_SIZES = ["XS", "XXL", "24", "25", "34", "38", "40", "0", "16", "36R", "46R"];
const size: CriterionKind = (a, rng) => {
  const sizes = (attrs(a).sizes as string[]).filter((s) => EDGE_SIZES.includes(s));
  if (!sizes.length) return undefined;
  const s = rng.pick(sizes);
  return criterion(`Needs size ${s}`, { kind: "attr", attr: "sizes", op: "includes", value: s });
};

const solid: CriterionKind = (a) =>
  attrs(a).pattern === "solid"
    ? criterion("Solid colors only, no patterns", { kind: "attr", attr: "pattern", op: "==", value: "solid" })
    : undefined;

const pockets: CriterionKind = (a) =>
  attrs(a).pockets
    ? criterion("Must have pockets", { kind: "attr", attr: "pockets", op: "==", value: true })
    : undefined;

const noFiber =
  (fiber: string): CriterionKind =>
  (a) =>
    (attrs(a).composition as { fiber: string }[]).some((c) => c.fiber === fiber)
      ? undefined
      : criterion(`No ${fiber}`, { kind: "attr", attr: "fibers", op: "excludes", value: fiber });

const style =
  (s: string, text: string): CriterionKind =>
  (a) =>
    attrs(a).style === s ? criterion(text, { kind: "attr", attr: "style", op: "==", value: s }) : undefined;

const notColor: CriterionKind = (a, rng) => {
  const avoid = rng.pick(["White", "Black", "Hot Pink", "Mustard", "Ivory", "Coral"]);
  if (attrs(a).color === avoid) return undefined;
  return criterion(`Anything but ${avoid.toLowerCase()}`, {
    kind: "attr",
    attr: "color",
    op: "!=",
    value: avoid,
  });
};

// biome-ignore format: a list reads best packed
const ATHLETIC: ApparelType[] = ["leggings", "t-shirt", "tank top", "sports bra", "joggers", "shorts", "hoodie", "polo shirt"];
// biome-ignore format: a list reads best packed
const SUMMER: ApparelType[] = ["t-shirt", "tank top", "blouse", "dress", "shorts", "skirt", "button-down shirt", "polo shirt"];
// biome-ignore format: a list reads best packed
const OFFICE: ApparelType[] = ["blouse", "blazer", "dress", "skirt", "chinos", "button-down shirt", "polo shirt", "sweater", "cardigan"];
const WINTER: ApparelType[] = ["sweater", "cardigan", "puffer jacket", "hoodie", "joggers"];
const EVERYDAY: ApparelType[] = ["jeans", "t-shirt", "hoodie", "joggers", "chinos", "shorts", "sweater"];
const any = () => true;

/** The reasons clothing shoppers shop, with the dealbreakers each brings (authored). */
export const APPAREL_NEEDS: Need[] = [
  {
    id: "workout",
    use: "for workouts and morning runs",
    pool: isType(ATHLETIC),
    shoppingFor: shoppingForType,
    fixed: [theType],
    options: [prop("moistureWicking"), prop("stretchy"), prop("machineWashable"), pockets, size],
    ages: [18, 60],
  },
  {
    id: "sensitive-skin",
    use: "that will not irritate sensitive, eczema-prone skin",
    pool: any,
    shoppingFor: shoppingForType,
    fixed: [theType, prop("hypoallergenic")],
    options: [prop("machineWashable"), noFiber("polyester"), fit, solid],
  },
  {
    id: "summer",
    use: "for hot, humid summer days",
    pool: isType(SUMMER),
    shoppingFor: shoppingForType,
    fixed: [theType],
    options: [prop("breathable"), prop("machineWashable"), fit, notColor, noFiber("polyester")],
  },
  {
    id: "office",
    use: "for the office and client meetings",
    pool: isType(OFFICE),
    shoppingFor: shoppingForType,
    fixed: [theType],
    options: [
      style("business", "Must be office-appropriate (business style)"),
      prop("machineWashable"),
      solid,
      fit,
    ],
    ages: [22, 66],
  },
  {
    id: "rain",
    use: "for a rainy daily commute",
    pool: isType(["rain jacket"]),
    shoppingFor: shoppingForType,
    fixed: [theType],
    options: [prop("waterResistant"), pockets, prop("machineWashable"), notColor],
  },
  {
    id: "winter",
    use: "to stay warm through a cold winter",
    pool: isType(WINTER),
    shoppingFor: shoppingForType,
    fixed: [theType],
    options: [prop("warm"), prop("machineWashable"), prop("animalFree"), fit],
  },
  {
    id: "vegan",
    use: "that fits a vegan lifestyle",
    pool: any,
    shoppingFor: shoppingForType,
    fixed: [theType, prop("animalFree")],
    options: [prop("machineWashable"), prop("breathable"), fit, solid],
  },
  {
    id: "everyday",
    use: "for daily errands and an active lifestyle",
    pool: isType(EVERYDAY),
    shoppingFor: shoppingForType,
    fixed: [theType],
    options: [fit, prop("machineWashable"), prop("stretchy"), size, pockets],
  },
];
