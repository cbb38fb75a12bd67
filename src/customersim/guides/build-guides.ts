import { CATEGORIES, CATEGORY_IDS, type CategoryId } from "../schema/category.js";
import type { BuyingGuide, GuideEntry, GuideSet } from "../schema/guide.js";
import { APPAREL_GUIDE, GAME_GUIDE, type Passage, WATCH_GUIDE } from "./authored-guides.js";
import { laptopGuideEntries } from "./laptop-guide.js";

const AUTHORED = { name: "siturec authored buying guide", licence: "MIT (authored for siturec)" };
const SALESBOT = {
  name: "salesforce/salesbot guides.json (laptop), as published there",
  licence: "Apache-2.0 (salesforce/salesbot)",
};

const PASSAGES: Record<Exclude<CategoryId, "laptops">, Passage[]> = {
  "female-clothing": APPAREL_GUIDE,
  "male-clothing": APPAREL_GUIDE,
  "smart-watches": WATCH_GUIDE,
  games: GAME_GUIDE,
};

function entries(category: CategoryId, passages: Passage[]): GuideEntry[] {
  const prefix = CATEGORIES[category].prefix;
  return passages.map(([title, text], i) => ({
    id: `${prefix}-g${String(i + 1).padStart(2, "0")}`,
    title,
    text,
  }));
}

/** One buying guide per category: salesbot's real laptop guide, authored ones for the rest. */
export function buildGuides(laptopGuideText: string): GuideSet {
  const guides: BuyingGuide[] = CATEGORY_IDS.map((category) =>
    category === "laptops"
      ? { category, source: SALESBOT, entries: laptopGuideEntries(laptopGuideText) }
      : { category, source: AUTHORED, entries: entries(category, PASSAGES[category]) },
  );
  return { kind: "customersim.guides", version: 1, guides };
}
