import type { KnowledgeLevel } from "../schema/persona.js";
import type { Criterion } from "../schema/rule.js";
import { criterion } from "./need.js";

/**
 * A laptop persona mapped by hand from public shopper profiles: SalesSim's eight personas (name,
 * age, background, speaking style, knowledge used verbatim) and salesbot's ten preference rows
 * (budget, uses, OS, screen; the person around them is generated). Dealbreakers are what the
 * profile says is a must, preferences the rest, save a wish no acceptable laptop meets (a feasible
 * persona's preferences are each met by one of its acceptable products; noted where left out).
 */
export interface LaptopSeed {
  origin: string;
  /** SalesSim persona name; the generator fills in the person for salesbot rows. */
  salessim?: string;
  knowledgeLevel: KnowledgeLevel;
  use: string;
  budget: number;
  dealbreakers: Criterion[];
  preferences: Criterion[];
}

const os = (value: string) => criterion(`Must run ${value}`, { kind: "attr", attr: "os", op: "==", value });
const osPref = (value: string) =>
  criterion(`Prefers ${value}`, { kind: "attr", attr: "os", op: "==", value });
const screenAtLeast = (inches: number, text = `Screen of at least ${inches} inches`) =>
  criterion(text, { kind: "attr", attr: "displayIn", op: ">=", value: inches });
const screenAtMost = (inches: number) =>
  criterion(`Screen no bigger than ${inches} inches`, {
    kind: "attr",
    attr: "displayIn",
    op: "<=",
    value: inches,
  });
const property = (id: string, text: string) =>
  criterion(text, { kind: "property", property: id, value: true });
const ram = (gb: number, text = `Needs at least ${gb}GB of memory`) =>
  criterion(text, { kind: "attr", attr: "ramGb", op: ">=", value: gb });
const storage = (gb: number) =>
  criterion(`At least ${gb}GB of storage`, { kind: "attr", attr: "storageGb", op: ">=", value: gb });
const lightweight = (text = "Must be lightweight") => property("lightweight", text);

export const LAPTOP_SEEDS: LaptopSeed[] = [
  {
    origin: "salessim:Emily",
    salessim: "Emily",
    knowledgeLevel: "intermediate",
    use: "for freelance writing, productivity and some gaming",
    budget: 500,
    dealbreakers: [os("Windows")],
    // Also gaming; no Windows laptop under $500 is gaming-ready.
    preferences: [screenAtLeast(13.3, "Larger than 13 inches")],
  },
  {
    origin: "salessim:Maria",
    salessim: "Maria",
    knowledgeLevel: "intermediate",
    use: "for web browsing",
    budget: 600,
    dealbreakers: [
      criterion("Must be durable: no eMMC storage", {
        kind: "attr",
        attr: "storageType",
        op: "!=",
        value: "eMMC",
      }),
    ],
    // Also light; her one acceptable laptop is not.
    preferences: [screenAtLeast(13.3, "Larger than 13 inches")],
  },
  {
    origin: "salessim:Robert",
    salessim: "Robert",
    knowledgeLevel: "novice",
    use: "for video calls and web browsing",
    budget: 1000,
    dealbreakers: [screenAtLeast(14, "A screen big enough to read: at least 14 inches")],
    // Also light; none of his acceptable laptops is.
    preferences: [criterion("Likes HP", { kind: "attr", attr: "brand", op: "==", value: "HP" })],
  },
  {
    origin: "salessim:Jordan",
    salessim: "Jordan",
    knowledgeLevel: "intermediate",
    use: "for streaming movies and storing photos and videos",
    budget: 3000,
    dealbreakers: [lightweight("Must be lightweight (strongly prefers it)"), screenAtLeast(13)],
    preferences: [ram(16, "As much memory as possible"), screenAtMost(15)],
  },
  {
    origin: "salessim:John",
    salessim: "John",
    knowledgeLevel: "intermediate",
    use: "to run a coaching business while traveling and presenting",
    budget: 2000,
    dealbreakers: [ram(16, "Memory must be equal to or more than 16GB")],
    // Also macOS; no Mac with 16GB fits $2000.
    preferences: [
      screenAtLeast(14.1, "Larger than 14 inches"),
      property("allDayBattery", "Long battery life"),
    ],
  },
  {
    origin: "salessim:Sarah",
    salessim: "Sarah",
    knowledgeLevel: "intermediate",
    use: "for online classes, web browsing, hobby graphic design and CAD",
    budget: 1200,
    dealbreakers: [os("macOS"), screenAtLeast(13)],
    // Her design work is a wish her one acceptable laptop does not meet; durability is hers too.
    preferences: [
      criterion("Durable: no eMMC storage", { kind: "attr", attr: "storageType", op: "!=", value: "eMMC" }),
    ],
  },
  {
    origin: "salessim:Will",
    salessim: "Will",
    knowledgeLevel: "intermediate",
    use: "for essays, presentations, Netflix and browsing",
    budget: 850,
    dealbreakers: [screenAtLeast(15, "Not smaller than 15 inches")],
    // Also battery life; none of his acceptable laptops lasts a day.
    preferences: [
      osPref("Windows"),
      criterion("Likes black laptops", {
        kind: "attr",
        attr: "color",
        op: "in",
        value: ["Black", "Obsidian Black", "Shadow Black"],
      }),
    ],
  },
  {
    origin: "salessim:Clara",
    salessim: "Clara",
    knowledgeLevel: "intermediate",
    use: "for 4K video editing and graphic design for a YouTube channel",
    budget: 2300,
    dealbreakers: [os("macOS"), screenAtLeast(16), storage(512)],
    preferences: [property("creativeReady", "Fast enough for video editing")],
  },
  {
    origin: "salesbot-preferences:0",
    knowledgeLevel: "intermediate",
    use: "for work, productivity and gaming",
    budget: 500,
    dealbreakers: [os("Windows")],
    // Also about 13 inches; no Windows laptop under $500 is that small.
    preferences: [],
  },
  {
    origin: "salesbot-preferences:1",
    knowledgeLevel: "expert",
    use: "for programming and browsing",
    budget: 1500,
    dealbreakers: [ram(16, "At least 16GB of memory for programming")],
    preferences: [screenAtLeast(13), screenAtMost(15)],
  },
  {
    origin: "salesbot-preferences:2",
    knowledgeLevel: "novice",
    use: "for study and web browsing (no gaming)",
    budget: 1300,
    dealbreakers: [os("Windows")],
    preferences: [screenAtLeast(15, "Around 15 inches")],
  },
  {
    origin: "salesbot-preferences:3",
    knowledgeLevel: "novice",
    use: "for web browsing",
    budget: 400,
    dealbreakers: [lightweight("Must be light to carry")],
    preferences: [screenAtMost(13.5)],
  },
  {
    origin: "salesbot-preferences:4",
    knowledgeLevel: "novice",
    use: "for studying humanities and web browsing",
    budget: 800,
    dealbreakers: [screenAtLeast(15, "The bigger the screen the better: at least 15 inches")],
    // Also light; none of the acceptable laptops of 15 inches or more is.
    preferences: [],
  },
  {
    origin: "salesbot-preferences:5",
    knowledgeLevel: "intermediate",
    use: "for streaming movies and storing photos and videos",
    budget: 3000,
    dealbreakers: [lightweight("Must be lightweight"), storage(512)],
    preferences: [screenAtLeast(13), screenAtMost(15)],
  },
  {
    origin: "salesbot-preferences:6",
    knowledgeLevel: "intermediate",
    use: "for graphic design, video editing and gaming",
    budget: 800,
    dealbreakers: [os("macOS"), property("creativeReady", "Must handle video editing")],
    preferences: [screenAtLeast(15, "Around 15 inches")],
  },
  {
    origin: "salesbot-preferences:7",
    knowledgeLevel: "intermediate",
    use: "for business, traveling and presentations",
    budget: 1200,
    dealbreakers: [os("Windows"), property("allDayBattery", "Battery must last a working day")],
    preferences: [screenAtMost(14)],
  },
  {
    origin: "salesbot-preferences:8",
    knowledgeLevel: "novice",
    use: "for online classes, web browsing and light gaming",
    budget: 700,
    dealbreakers: [os("ChromeOS")],
    preferences: [screenAtMost(13.3)],
  },
  {
    origin: "salesbot-preferences:9",
    knowledgeLevel: "expert",
    use: "for music production, photo editing and streaming",
    budget: 2000,
    dealbreakers: [
      screenAtLeast(17, "A 17-inch screen"),
      property("creativeReady", "Must handle photo editing"),
    ],
    preferences: [],
  },
];
