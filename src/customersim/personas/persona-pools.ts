import type { CategoryId } from "../schema/category.js";
import type { KnowledgeLevel } from "../schema/persona.js";

/** The 20 shopper names of PAHF's shopping personas (facebookresearch/PAHF, MIT), by gender. */
// biome-ignore format: a list reads best packed
const PAHF_FEMALE = ["Emma", "Sophia", "Olivia", "Ava", "Isabella", "Mia", "Charlotte", "Amelia", "Harper", "Evelyn"];
// biome-ignore format: a list reads best packed
const PAHF_MALE = ["Liam", "Noah", "Ethan", "Mason", "Lucas", "Alexander", "James", "Benjamin", "William", "Michael"];

/** Authored names, so the personas span ages and backgrounds. */
// biome-ignore format: a list reads best packed
export const FEMALE_NAMES = [...PAHF_FEMALE, "Crystal", "Dolores", "Aaliyah", "Priya", "Fatima", "Guadalupe", "Keisha",
  "Ngozi", "Siobhan", "Anjali", "Rosa", "Gloria", "Mei", "Yolanda", "Hannah", "Beatriz", "Shirley", "Lakshmi", "Consuelo",
  "Grace", "Marisol", "Tamika", "Esperanza", "Leilani", "Ruth", "Nadia"];
// biome-ignore format: a list reads best packed
export const MALE_NAMES = [...PAHF_MALE, "Marcus", "Jamal", "Wei", "Hiroshi", "Carlos", "Darnell", "Tomás", "Dmitri",
  "Kwame", "Bernard", "Tyrone", "Luis", "Raj", "Omar", "Walter", "DeShawn", "Ivan", "Ahmed", "Frank", "Kenji", "Douglas",
  "Samuel", "Andre", "Eugene"];

/** Occupations with the ages they fit. */
// biome-ignore format: a table reads best one row per line
export const OCCUPATIONS: [string, number, number][] = [
  ["nurse", 22, 64], ["high school teacher", 23, 64], ["software developer", 21, 60], ["retired postal worker", 62, 95],
  ["graduate student", 21, 34], ["warehouse supervisor", 22, 62], ["accountant", 22, 66], ["barista", 16, 40],
  ["small-business owner", 24, 75], ["physical therapist", 24, 64], ["retired librarian", 62, 95], ["electrician", 19, 64],
  ["marketing manager", 25, 62], ["college freshman", 17, 20], ["paralegal", 21, 64], ["truck driver", 21, 68],
  ["graphic designer", 20, 60], ["stay-at-home parent", 22, 55], ["firefighter", 19, 58], ["pharmacist", 25, 68],
  ["real estate agent", 21, 75], ["line cook", 16, 60], ["social worker", 22, 66], ["data analyst", 21, 60],
  ["dental hygienist", 21, 64], ["retired engineer", 60, 95], ["customer service representative", 17, 66],
  ["landscaper", 17, 65], ["veterinary technician", 19, 60], ["pastor", 28, 80], ["high school student", 16, 18],
];

/** Life situations with the ages they fit. */
// biome-ignore format: a table reads best one row per line
export const LIFE_DETAILS: [string, number, number][] = [
  ["who lives in a small apartment in Phoenix", 16, 95], ["raising two kids in suburban Ohio", 25, 55],
  ["who volunteers at the local library on weekends", 16, 95], ["who recently moved to Seattle", 16, 80],
  ["living with a partner and a dog in Atlanta", 20, 90], ["who commutes an hour each way by train", 18, 68],
  ["who cares for an elderly parent at home", 30, 70], ["who is saving up for a bigger apartment", 18, 50],
  ["who loves weekend hikes in the Rockies", 16, 80], ["living alone in a quiet neighborhood in Maine", 22, 95],
  ["who shops carefully on a fixed income", 18, 95], ["who travels often for work", 22, 68],
  ["who coaches a youth soccer team", 20, 70], ["living in a busy household in Chicago", 16, 90],
  ["who is training for a first half marathon", 16, 65], ["who grew up in rural Texas and now lives in Austin", 16, 95],
];

export const SPEAKING_STYLES = [
  "Short, lowercase messages; skips punctuation and pleasantries.",
  "Chatty and friendly; uses filler words like 'you know' and 'honestly'.",
  "Polite and formal; writes in complete sentences.",
  "Direct and to the point; asks one question at a time.",
  "English is a second language; occasional grammar slips but clear meaning.",
  "Hesitant; often says 'I think' and 'maybe' and asks for reassurance.",
  "Enthusiastic; uses exclamation marks and the odd emoji.",
  "Skeptical; pushes back on sales talk and asks for specifics.",
  "Rambles a little and mentions personal stories.",
  "Terse; answers questions with a few words.",
  "Casual and jokey; uses slang.",
  "Detail-oriented; asks about specs and exact numbers.",
];

const KNOWLEDGE: Record<"apparel" | CategoryId, Record<KnowledgeLevel, string>> = {
  apparel: {
    novice: "Knows what looks good but not much about fabrics or care labels.",
    intermediate: "Reads labels and knows cotton from polyester, but not the finer points of fabrics.",
    expert: "Knows fabrics and blends well and reads composition and care labels closely.",
  },
  "female-clothing": { novice: "", intermediate: "", expert: "" },
  "male-clothing": { novice: "", intermediate: "", expert: "" },
  laptops: {
    novice: "Uses a computer every day but knows little about specs.",
    intermediate: "Knows what RAM and storage are, and roughly what they are for.",
    expert: "Understands processors, graphics cards and storage types in depth.",
  },
  "smart-watches": {
    novice: "Has never owned a smart watch and does not know the terms.",
    intermediate: "Has owned a fitness band and knows the main features.",
    expert: "Follows wearables closely and compares sensors and battery figures.",
  },
  games: {
    novice: "Rarely plays and does not know ratings or genres well.",
    intermediate: "Plays now and then and knows the popular titles.",
    expert: "An avid player who knows platforms, genres and ratings.",
  },
};

export function knowledgeText(category: CategoryId, level: KnowledgeLevel): string {
  const key = category === "female-clothing" || category === "male-clothing" ? "apparel" : category;
  return KNOWLEDGE[key][level];
}
