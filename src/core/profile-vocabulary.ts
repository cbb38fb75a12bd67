import { z } from "zod";

/** The closed vocabularies of shopper profiles (paper Appendix A.2–A.3). */
export const Level = z.enum(["low", "medium", "high"]);
export type Level = z.infer<typeof Level>;

export const Gender = z.enum(["female", "male", "non-binary"]);
export type Gender = z.infer<typeof Gender>;

export const AgeGroup = z.enum(["18-24", "25-34", "35-44", "45-54", "55-64", "65+"]);
export type AgeGroup = z.infer<typeof AgeGroup>;

export const Employment = z.enum([
  "full-time",
  "part-time",
  "self-employed",
  "student",
  "retired",
  "homemaker",
  "between-jobs",
]);
export type Employment = z.infer<typeof Employment>;

export const Household = z.enum([
  "lives-alone",
  "couple",
  "couple-with-young-children",
  "couple-with-teenagers",
  "single-parent",
  "roommates",
  "multigenerational",
  "empty-nesters",
]);
export type Household = z.infer<typeof Household>;

export const Housing = z.enum([
  "dorm-room",
  "studio-apartment",
  "apartment",
  "townhouse",
  "detached-house",
  "shared-house",
]);
export type Housing = z.infer<typeof Housing>;

export const Transport = z.enum(["car", "public-transit", "bicycle", "walking", "rideshare"]);
export type Transport = z.infer<typeof Transport>;

/** How a shopper tends to go about shopping conversations. */
export const BehaviorStyle = z.enum(["decisive", "deliberate", "exploratory", "skeptical", "easygoing"]);
export type BehaviorStyle = z.infer<typeof BehaviorStyle>;
