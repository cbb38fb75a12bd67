import { z } from "zod";
import { Label } from "./label.js";
import { EnvId } from "./manifest.js";
import { ProductId, Slug } from "./product.js";
import { Profile, ProfileId } from "./profile.js";
import { Level } from "./profile-vocabulary.js";

export const BudgetTier = z.enum(["strict", "moderate", "flexible"]);
export type BudgetTier = z.infer<typeof BudgetTier>;

export const TaskId = z
  .string()
  .regex(/^[a-z]{2}-\d{2}\.[1-9]$/, "a task id such as sm-07.2 (profile 7, task 2)");

/** One detail the shopper discloses after the opening, at most one per turn. */
export const DisclosureStep = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("budget"), amount: z.number().positive(), say: z.string().min(3) }).strict(),
  z.object({ kind: z.literal("avoid"), label: Label, say: z.string().min(3) }).strict(),
  z.object({ kind: z.literal("require"), label: Label, say: z.string().min(3) }).strict(),
]);
export type DisclosureStep = z.infer<typeof DisclosureStep>;

export const UnsuitableResponse = z.enum(["give_reason", "ask_clarification", "compare_alternatives"]);
export type UnsuitableResponse = z.infer<typeof UnsuitableResponse>;

/**
 * A shopping goal g = ⟨request, preferences, budget, disclosure policy, acceptance policy⟩ (paper
 * Appendix A.2), with the theme, target and label requirements it was built from.
 */
export const Goal = z
  .object({
    theme: Slug,
    request: z.string().min(10).describe("what the shopper wants, in their words"),
    need: z
      .object({
        family: Slug,
        categories: z.array(z.string().min(2)).min(1),
        noun: z.string().min(3),
        use: z.string().min(3),
      })
      .strict(),
    preferences: z
      .object({
        required: z.array(Label),
        unwanted: z.array(Label),
        summary: z.string().min(3),
      })
      .strict(),
    budget: z
      .object({
        amount: z.number().positive(),
        tier: BudgetTier,
        increment: z.number().positive(),
      })
      .strict(),
    target: z.object({ product: ProductId, price: z.number().positive() }).strict(),
    disclosure: z
      .object({
        opening: z.enum(["category", "use", "both"]),
        steps: z.array(DisclosureStep),
        maxNewDetailsPerTurn: z.literal(1),
        text: z.string().min(10),
      })
      .strict(),
    acceptance: z
      .object({
        considerAlternatives: Level,
        explanationNeeded: Level,
        onUnsuitable: UnsuitableResponse,
        text: z.string().min(10),
      })
      .strict(),
  })
  .strict();
export type Goal = z.infer<typeof Goal>;

export const Task = z
  .object({
    id: TaskId,
    env: EnvId,
    profileId: ProfileId,
    subset: z.number().int().min(0).max(3).describe("profile-stratified subset (Appendix C.1)"),
    goal: Goal,
    referenceItems: z.array(ProductId).min(1).describe("A_e: products meeting the labels and the budget"),
  })
  .strict();
export type Task = z.infer<typeof Task>;

export const TaskBank = z
  .object({
    kind: z.literal("siturec.task-bank"),
    version: z.literal(1),
    env: EnvId,
    seed: z.number().int(),
    profiles: z.array(Profile),
    tasks: z.array(Task),
  })
  .strict();
export type TaskBank = z.infer<typeof TaskBank>;
