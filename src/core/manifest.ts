import { z } from "zod";
import { Slug } from "./product.js";

/**
 * A store's id (kebab-case), or a seeded variant of one (`supermarket@7`: the store, `@`, a seed of at
 * most six digits without leading zeros); which ids exist is the store registry's business
 * (`src/envs/registry.ts`).
 */
export const EnvId = z
  .string()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*(?:@(?:0|[1-9]\d{0,5}))?$/,
    "a store id such as supermarket or home-furnishings, or a variant such as supermarket@7",
  )
  .describe("a store id such as supermarket or home-furnishings, or a seeded variant such as supermarket@7");
export type EnvId = z.infer<typeof EnvId>;

export const Theme = z.object({ id: Slug, name: z.string().min(2) }).strict();
export type Theme = z.infer<typeof Theme>;

/** What an environment is: its name, shopping themes and the data it was built from. */
export const Manifest = z
  .object({
    kind: z.literal("siturec.env"),
    version: z.literal(1),
    id: EnvId,
    name: z.string().min(2),
    description: z.string().min(2),
    themes: z.array(Theme).min(1),
    sources: z.array(z.object({ name: z.string(), licence: z.string(), use: z.string() }).strict()),
  })
  .strict();
export type Manifest = z.infer<typeof Manifest>;
