import { z } from "zod";
import { CategoryId } from "./category.js";

/** One retrievable passage of a buying guide (what `lookup_buying_guide` returns, top 4). */
export const GuideEntry = z
  .object({
    id: z.string().regex(/^[a-z]{2}-g\d{2}$/, "an id like lt-g01"),
    title: z.string().min(3),
    text: z.string().min(20),
  })
  .strict();
export type GuideEntry = z.infer<typeof GuideEntry>;

export const BuyingGuide = z
  .object({
    category: CategoryId,
    source: z.object({ name: z.string().min(2), licence: z.string().min(2) }).strict(),
    entries: z.array(GuideEntry).min(1),
  })
  .strict();
export type BuyingGuide = z.infer<typeof BuyingGuide>;

/** `guides.json`. */
export const GuideSet = z
  .object({ kind: z.literal("customersim.guides"), version: z.literal(1), guides: z.array(BuyingGuide) })
  .strict();
export type GuideSet = z.infer<typeof GuideSet>;
