import type { Rng } from "../../core/random.js";
import type { CategoryId } from "../schema/category.js";
import type { KnowledgeLevel } from "../schema/persona.js";
import { article } from "./need.js";
import {
  FEMALE_NAMES,
  knowledgeText,
  LIFE_DETAILS,
  MALE_NAMES,
  OCCUPATIONS,
  SPEAKING_STYLES,
} from "./persona-pools.js";

/** Who a generated shopper is: everything but what they shop for. */
export interface Identity {
  name: string;
  age: number;
  occupation: string;
  life: string;
  speakingStyle: string;
  knowledgeLevel: KnowledgeLevel;
  knowledge: string;
}

const ANY_NAMES = [...FEMALE_NAMES, ...MALE_NAMES];

/** Clothing shoppers shop for themselves, so their names follow the category. */
function namesFor(category: CategoryId): string[] {
  if (category === "female-clothing") return FEMALE_NAMES;
  if (category === "male-clothing") return MALE_NAMES;
  return ANY_NAMES;
}

export function pickLevel(rng: Rng): KnowledgeLevel {
  const u = rng.float();
  return u < 0.35 ? "novice" : u < 0.8 ? "intermediate" : "expert";
}

export function drawIdentity(rng: Rng, category: CategoryId, ages: [number, number] = [18, 82]): Identity {
  const knowledgeLevel = pickLevel(rng);
  const age = rng.int(ages[0], ages[1]);
  const jobs = OCCUPATIONS.filter(([, lo, hi]) => age >= lo && age <= hi).map(([job]) => job);
  return {
    name: rng.pick(namesFor(category)),
    age,
    occupation: rng.pick(jobs),
    life: rng.pick(LIFE_DETAILS.filter(([, lo, hi]) => age >= lo && age <= hi).map(([life]) => life)),
    speakingStyle: rng.pick(SPEAKING_STYLES),
    knowledgeLevel,
    knowledge: knowledgeText(category, knowledgeLevel),
  };
}

/** "<name>, 34, is a nurse who … <name> needs <what> <use>." */
export function backgroundText(who: Identity, shoppingFor: string, use: string): string {
  return `${who.name}, ${who.age}, is ${article(who.occupation)} ${who.life}. ${who.name} needs ${shoppingFor} ${use}.`;
}
