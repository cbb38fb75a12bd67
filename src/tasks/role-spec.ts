import { z } from "zod";
import { Label } from "../core/label.js";
import { Slug } from "../core/product.js";
import { AgeGroup, Employment, Household, Housing, Level, Transport } from "../core/profile-vocabulary.js";

/**
 * An authored shopper role (paper Appendix A.3, step 1): a persona and the bounds its sampled
 * demographics stay within. `src/envs/<env>/spec/roles.json` holds 25 per store.
 */
export const RoleSpec = z
  .object({
    id: Slug,
    name: z.string().min(3).describe("role name, e.g. 'Busy parent of two'"),
    background: z.string().min(20).describe("one or two sentences of life context, third person"),
    themes: z.array(Slug).min(1).max(4).describe("the store's shopping themes this role shops for"),
    priorities: z.array(z.string().min(3)).min(2).max(4).describe("short phrases: 'quick to prepare'"),
    ageGroups: z.array(AgeGroup).min(1),
    employment: z.array(Employment).min(1),
    occupations: z.array(z.string().min(2)).min(1),
    households: z.array(Household).min(1),
    housing: z.array(Housing).min(1),
    transport: z.array(Transport).min(1),
    storage: z
      .array(z.string().min(5))
      .min(1)
      .describe("supermarket: kitchen storage; furniture store: room and space to furnish"),
    priceSensitivity: z.array(Level).min(1).describe("levels consistent with the background"),
    constraints: z
      .object({ requires: z.array(Label), avoids: z.array(Label) })
      .strict()
      .optional()
      .describe("hard rules from the background (a vegan diet, an allergy) that every target must keep"),
  })
  .strict();
export type RoleSpec = z.infer<typeof RoleSpec>;

export const RolesFile = z.object({ roles: z.array(RoleSpec) }).strict();
export type RolesFile = z.infer<typeof RolesFile>;

/**
 * A need family: catalog categories that answer the same shopping need, with the words shoppers
 * use for it. Every catalog category belongs to exactly one family (`spec/needs.json`).
 */
export const NeedSpec = z
  .object({
    id: Slug,
    name: z.string().min(3),
    categories: z.array(z.string().min(2)).min(1),
    nouns: z
      .array(z.string().min(3))
      .min(3)
      .describe("indefinite noun phrases a shopper would say: 'a breakfast cereal', 'some cereal'"),
    uses: z
      .array(z.string().min(5))
      .min(3)
      .describe("purposes starting with 'for' or 'to': 'for quick weekday breakfasts'"),
  })
  .strict();
export type NeedSpec = z.infer<typeof NeedSpec>;

export const NeedsFile = z.object({ needs: z.array(NeedSpec) }).strict();
export type NeedsFile = z.infer<typeof NeedsFile>;
