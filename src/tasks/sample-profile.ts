import type { EnvId } from "../core/manifest.js";
import type { Profile } from "../core/profile.js";
import { BehaviorStyle, type Gender, Level } from "../core/profile-vocabulary.js";
import type { Rng } from "../core/random.js";
import type { RoleSpec } from "./role-spec.js";

/** Genders are drawn 48% female, 48% male, 4% non-binary. */
const GENDERS: [Gender, number][] = [
  ["female", 0.48],
  ["male", 0.48],
  ["non-binary", 0.04],
];

function pickGender(rng: Rng): Gender {
  let u = rng.float();
  for (const [g, w] of GENDERS) {
    if (u < w) return g;
    u -= w;
  }
  return "female";
}

/**
 * A setting that leans with a trait: a low trait allows low or medium, a high one medium or high,
 * a medium one anything. `inverse` flips the lean (high neuroticism makes for low patience).
 */
function leaning(rng: Rng, trait: Level, inverse = false): Level {
  const t = inverse ? ({ low: "high", medium: "medium", high: "low" } as const)[trait] : trait;
  const options: Level[] =
    t === "low" ? ["low", "medium"] : t === "high" ? ["medium", "high"] : [...Level.options];
  return rng.pick(options);
}

/**
 * Step 1 of the paper's task construction: gender, Big Five and behaviour style drawn freely; age
 * group, employment, occupation, household, housing, transport and storage drawn within the role's
 * bounds. Interaction settings follow the traits: patience leans against neuroticism, explanation
 * seeking with conscientiousness, substitute willingness with openness, navigation following with
 * agreeableness, talkativeness with extraversion; price sensitivity comes from the role.
 */
export function sampleProfile(env: EnvId, id: string, role: RoleSpec, rng: Rng): Profile {
  const personality = {
    openness: rng.pick(Level.options),
    conscientiousness: rng.pick(Level.options),
    extraversion: rng.pick(Level.options),
    agreeableness: rng.pick(Level.options),
    neuroticism: rng.pick(Level.options),
  };
  const gender = pickGender(rng);
  const behaviorStyle = rng.pick(BehaviorStyle.options);
  return {
    id,
    env,
    persona: {
      role: role.id,
      name: role.name,
      background: role.background,
      themes: role.themes,
      priorities: role.priorities,
      constraints: role.constraints ?? { requires: [], avoids: [] },
    },
    demographics: {
      gender,
      ageGroup: rng.pick(role.ageGroups),
      employment: rng.pick(role.employment),
      occupation: rng.pick(role.occupations),
      household: rng.pick(role.households),
      housing: rng.pick(role.housing),
      transport: rng.pick(role.transport),
      storage: rng.pick(role.storage),
    },
    personality,
    interaction: {
      behaviorStyle,
      patience: leaning(rng, personality.neuroticism, true),
      priceSensitivity: rng.pick(role.priceSensitivity),
      explanationSeeking: leaning(rng, personality.conscientiousness),
      substituteWillingness: leaning(rng, personality.openness),
      navigationFollowing: leaning(rng, personality.agreeableness),
      talkativeness: leaning(rng, personality.extraversion),
    },
  };
}
