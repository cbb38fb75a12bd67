import { z } from "zod";

export const FIBERS = [
  "cotton",
  "organic cotton",
  "polyester",
  "recycled polyester",
  "nylon",
  "spandex",
  "rayon",
  "modal",
  "lyocell",
  "bamboo",
  "linen",
  "silk",
  "wool",
  "merino wool",
  "cashmere",
  "acrylic",
  "polyurethane",
] as const;
export const Fiber = z.enum(FIBERS);
export type Fiber = z.infer<typeof Fiber>;

export const APPAREL_TYPES = [
  "jeans",
  "leggings",
  "t-shirt",
  "tank top",
  "sports bra",
  "blouse",
  "dress",
  "skirt",
  "sweater",
  "cardigan",
  "hoodie",
  "joggers",
  "shorts",
  "rain jacket",
  "puffer jacket",
  "blazer",
  "chinos",
  "polo shirt",
  "button-down shirt",
] as const;
export const ApparelType = z.enum(APPAREL_TYPES);
export type ApparelType = z.infer<typeof ApparelType>;

export const Fit = z.enum([
  "skinny",
  "slim",
  "regular",
  "straight",
  "relaxed",
  "oversized",
  "bootcut",
  "tapered",
]);
export type Fit = z.infer<typeof Fit>;

export const Care = z.enum([
  "machine wash cold",
  "machine wash warm",
  "hand wash cold",
  "dry clean only",
  "spot clean only",
]);
export type Care = z.infer<typeof Care>;

export const Pattern = z.enum([
  "solid",
  "striped",
  "plaid",
  "floral",
  "polka dot",
  "heathered",
  "color-block",
  "camo",
]);
export type Pattern = z.infer<typeof Pattern>;

export const Style = z.enum(["casual", "athletic", "business", "formal", "lounge", "outdoor", "streetwear"]);
export type Style = z.infer<typeof Style>;

export const Finish = z.enum(["water-repellent", "insulated", "wrinkle-resistant", "UPF 50"]);
export type Finish = z.infer<typeof Finish>;

export const HexColor = z.string().regex(/^#[0-9a-f]{6}$/, "a colour like #1a2b3c");

export const FiberShare = z.object({ fiber: Fiber, percent: z.number().int().min(1).max(100) }).strict();
export type FiberShare = z.infer<typeof FiberShare>;

/** The normalised attributes of a garment (female and male clothing alike). */
export const ApparelAttributes = z
  .object({
    type: ApparelType,
    fit: Fit,
    /** The cloth's construction, e.g. denim, jersey, fleece. */
    fabric: z.string().min(2),
    composition: z
      .array(FiberShare)
      .min(1)
      .refine((c) => c.reduce((s, f) => s + f.percent, 0) === 100, "fibre percentages must add up to 100"),
    care: Care,
    color: z.string().min(2),
    colorHex: HexColor,
    pattern: Pattern,
    style: Style,
    sizes: z.array(z.string().min(1)).min(1),
    finishes: z.array(Finish),
    pockets: z.boolean(),
  })
  .strict();
export type ApparelAttributes = z.infer<typeof ApparelAttributes>;
