import { z } from "zod";
import { Fiber } from "./apparel.js";

export const Scalar = z.union([z.string(), z.number(), z.boolean()]);
export type Scalar = z.infer<typeof Scalar>;

export const COMPARE_OPS = [
  "==",
  "!=",
  ">=",
  "<=",
  ">",
  "<",
  "in",
  "not_in",
  "includes",
  "excludes",
] as const;
export const CompareOp = z.enum(COMPARE_OPS);
export type CompareOp = z.infer<typeof CompareOp>;

/**
 * A comparison of one product fact: an attribute (`ramGb`), or one of the facts every product has
 * (`price`, `brand`, and for clothing `fibers`). `in`/`not_in` take a list; `includes`/`excludes`
 * test a list-valued fact for one value.
 */
export const AttrTest = z
  .object({
    kind: z.literal("attr"),
    attr: z.string().min(2),
    op: CompareOp,
    value: z.union([Scalar, z.array(z.union([z.string(), z.number()]))]),
  })
  .strict();
export type AttrTest = z.infer<typeof AttrTest>;

/** The share of a garment's composition made of some fibres, percent, within [min, max]. */
export const ShareTest = z
  .object({
    kind: z.literal("share"),
    fibers: z.array(Fiber).min(1),
    min: z.number().min(0).max(100).optional(),
    max: z.number().min(0).max(100).optional(),
  })
  .strict();
export type ShareTest = z.infer<typeof ShareTest>;

export type PropertyRule =
  | AttrTest
  | ShareTest
  | { kind: "all"; rules: PropertyRule[] }
  | { kind: "any"; rules: PropertyRule[] }
  | { kind: "not"; rule: PropertyRule };

/** How domain knowledge decides a property (e.g. moisture-wicking) from a product's attributes. */
export const PropertyRule: z.ZodType<PropertyRule> = z.lazy(() =>
  z.union([
    AttrTest,
    ShareTest,
    z.object({ kind: z.literal("all"), rules: z.array(PropertyRule).min(1) }).strict(),
    z.object({ kind: z.literal("any"), rules: z.array(PropertyRule).min(1) }).strict(),
    z.object({ kind: z.literal("not"), rule: PropertyRule }).strict(),
  ]),
);

/** A property of the category's domain knowledge holds (or, with `value: false`, does not). */
export const PropertyTest = z
  .object({ kind: z.literal("property"), property: z.string().min(2), value: z.boolean() })
  .strict();
export type PropertyTest = z.infer<typeof PropertyTest>;

/** The price is at most `value` dollars: every persona's budget. */
export const MaxPriceTest = z.object({ kind: z.literal("max_price"), value: z.number().positive() }).strict();
export type MaxPriceTest = z.infer<typeof MaxPriceTest>;

/** A machine-checkable condition on one product: what a dealbreaker or a preference says. */
export const Predicate = z.discriminatedUnion("kind", [AttrTest, PropertyTest, MaxPriceTest]);
export type Predicate = z.infer<typeof Predicate>;

/** A persona's requirement: the words it would say and the predicate the checker evaluates. */
export const Criterion = z.object({ text: z.string().min(3), rule: Predicate }).strict();
export type Criterion = z.infer<typeof Criterion>;
