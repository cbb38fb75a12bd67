import { z } from "zod";
import { Label } from "./label.js";
import { EnvId } from "./manifest.js";
import { Slug } from "./product.js";
import {
  AgeGroup,
  BehaviorStyle,
  Employment,
  Gender,
  Household,
  Housing,
  Level,
  Transport,
} from "./profile-vocabulary.js";

export const ProfileId = z.string().regex(/^[a-z]{2}-\d{2}$/, "a profile id such as sm-07");

/**
 * A shopper profile p_u = ⟨persona, demographics and living context, personality, interaction
 * settings⟩ (paper Appendix A.2). Private to the shopper simulator.
 */
export const Profile = z
  .object({
    id: ProfileId,
    env: EnvId,
    persona: z
      .object({
        role: Slug,
        name: z.string().min(3),
        background: z.string().min(10),
        themes: z.array(Slug).min(1),
        priorities: z.array(z.string().min(2)),
        constraints: z
          .object({ requires: z.array(Label), avoids: z.array(Label) })
          .strict()
          .describe("hard rules from the background, applied to every product they concern"),
      })
      .strict(),
    demographics: z
      .object({
        gender: Gender,
        ageGroup: AgeGroup,
        employment: Employment,
        occupation: z.string().min(2),
        household: Household,
        housing: Housing,
        transport: Transport,
        storage: z.string().min(3),
      })
      .strict(),
    personality: z
      .object({
        openness: Level,
        conscientiousness: Level,
        extraversion: Level,
        agreeableness: Level,
        neuroticism: Level,
      })
      .strict()
      .describe("Big Five traits"),
    interaction: z
      .object({
        behaviorStyle: BehaviorStyle,
        patience: Level,
        priceSensitivity: Level,
        explanationSeeking: Level,
        substituteWillingness: Level,
        navigationFollowing: Level,
        talkativeness: Level,
      })
      .strict(),
  })
  .strict();
export type Profile = z.infer<typeof Profile>;
