import type { ParticipantProfile } from "../study-spec.js";

/** A participant's profile as a test's simulated participant fills it in. */
export const SAMPLE_PROFILE: ParticipantProfile = {
  ageGroup: "35-44",
  gender: "female",
  household: "couple",
  occupation: "pharmacist",
  shoppingFrequency: "weekly",
  aiFamiliarity: 2,
  preferences: "",
};
