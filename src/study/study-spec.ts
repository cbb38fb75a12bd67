import { z } from "zod";
import { DimensionScores, ShopperOutput } from "../agents/types.js";
import { ConditionId } from "../core/dialogue.js";
import { AgeGroup, Gender, Household } from "../core/profile-vocabulary.js";

export const StudyId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "a study id: lower-case letters, digits and '-', at most 32");
export const ParticipantCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,16}$/, "a coded participant id: letters, digits, '_' or '-', at most 16");

/** A participant as the organiser made them: a coded id, the invite token, the assigned tasks and blinded order. */
export const StudyParticipant = z
  .object({
    code: ParticipantCode,
    /** The invite token (in the invite link; 32 random bytes, base64url). */
    token: z.string().min(32),
    /** The assigned task ids, in the order they are played. */
    tasks: z.array(z.string()).min(1),
    /** The letter each assistant is shown under to this participant (by the assistant's index). */
    letters: z.array(z.string().regex(/^[A-Z]$/)),
    /** Per assigned task, the order the assistants are met in (their indices). */
    order: z.array(z.array(z.number().int().nonnegative())),
    /** When the organiser withdrew `token` (ISO 8601): the invite opens nothing until a new one is issued. */
    revokedAt: z.string().optional(),
    /** When `token` was issued, when it replaced an earlier one (ISO 8601; absent: made with the study). */
    issuedAt: z.string().optional(),
    /** SHA-256 digests (hex) of the tokens this participant held before: an old link is told it was replaced. */
    withdrawn: z.array(z.string().regex(/^[0-9a-f]{64}$/)).optional(),
  })
  .strict();
export type StudyParticipant = z.infer<typeof StudyParticipant>;

/** A human-evaluation study (paper §3.4, Appendix C.2): tasks, blinded assistants, coded participants. */
export const Study = z
  .object({
    id: StudyId,
    createdAt: z.string(),
    env: z.string(),
    condition: ConditionId,
    maxTurns: z.number().int().positive(),
    /** Seeds the task sample and every participant's order. */
    seed: z.number().int(),
    /** The sampled tasks (ids), in sample order. */
    tasks: z.array(z.string()).min(1),
    /** What plays the assistant: `reference` or model ids, as `siturec run --assistant` takes them. */
    assistants: z.array(z.string().min(1)).min(1).max(26),
    /** The moderator the episodes use (as in `siturec run`). */
    moderator: z.string().default("rule"),
    /** Whether the participant's page shows the store map (the paper gives the map to the assistant only). */
    shopperMap: z.boolean().default(false),
    participants: z.array(StudyParticipant).min(1),
  })
  .strict();
export type Study = z.infer<typeof Study>;

/** What a participant tells about themselves before the tasks (kept with their record, coded). */
export const ParticipantProfile = z
  .object({
    ageGroup: AgeGroup,
    gender: z.union([Gender, z.literal("prefer-not-to-say")]),
    household: Household,
    occupation: z.string().trim().min(1).max(80),
    /** How often they shop for groceries. */
    shoppingFrequency: z.enum(["daily", "weekly", "monthly", "rarely"]),
    /** How familiar they are with AI assistants (1 never used – 5 daily). */
    aiFamiliarity: z.number().int().min(1).max(5),
    /** Diet, allergies, brands they like or avoid: free text. */
    preferences: z.string().trim().max(300).default(""),
  })
  .strict();
export type ParticipantProfile = z.infer<typeof ParticipantProfile>;

/** The seven-dimension, five-point questionnaire after each interaction (the judge's dimensions). */
export const QuestionnaireAnswers = z
  .object({ ratings: DimensionScores, comment: z.string().trim().max(1000).default("") })
  .strict();
export type QuestionnaireAnswers = z.infer<typeof QuestionnaireAnswers>;

export const InteractionStatus = z.enum(["pending", "playing", "questionnaire", "done"]);

/** One (task, assistant) interaction of a participant, in the order they meet them. */
export const Interaction = z
  .object({
    task: z.string(),
    /** The assistant's index in the study (hidden from the participant). */
    assistant: z.number().int().nonnegative(),
    /** The letter the participant sees. */
    letter: z.string(),
    /** The run its episode is stored in. */
    run: z.string(),
    status: InteractionStatus,
    outcome: z
      .object({ reason: z.string(), success: z.boolean(), turns: z.number().int() })
      .strict()
      .optional(),
    answers: QuestionnaireAnswers.optional(),
    answeredAt: z.string().optional(),
    /** When its episode last started (ISO 8601). */
    startedAt: z.string().optional(),
    /** When its episode ended, played to its end or failed (ISO 8601). */
    endedAt: z.string().optional(),
    /** How many times its episode was started (a failed or interrupted one is played again). */
    attempts: z.number().int().nonnegative().optional(),
    /** Why the last attempt failed (the organiser's to read; the participant is only asked to retry). */
    failure: z.string().optional(),
  })
  .strict();
export type Interaction = z.infer<typeof Interaction>;

/** A participant's record: profile, progress through the interactions, and answers. */
export const ParticipantRecord = z
  .object({
    study: StudyId,
    code: ParticipantCode,
    profile: ParticipantProfile.optional(),
    interactions: z.array(Interaction),
  })
  .strict();
export type ParticipantRecord = z.infer<typeof ParticipantRecord>;

/** A participant's turn as the page sends it: the turn it answers, what they say and do. */
export const ParticipantAct = z
  .object({ turn: z.number().int().nonnegative(), output: ShopperOutput })
  .strict();
export type ParticipantAct = z.infer<typeof ParticipantAct>;
