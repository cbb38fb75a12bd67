import type { Fiber } from "../schema/apparel.js";
import type { CategoryKnowledge, PropertyDef } from "../schema/knowledge.js";

/** Fibres that pull sweat away from the skin (the paper's Appendix B.2 list, plus merino). */
export const WICKING_FIBERS: Fiber[] = [
  "polyester",
  "recycled polyester",
  "nylon",
  "spandex",
  "bamboo",
  "merino wool",
];
export const BREATHABLE_FIBERS: Fiber[] = [
  "cotton",
  "organic cotton",
  "rayon",
  "modal",
  "lyocell",
  "bamboo",
  "linen",
  "silk",
  "wool",
  "merino wool",
];
export const HYPOALLERGENIC_FIBERS: Fiber[] = [
  "cotton",
  "organic cotton",
  "silk",
  "bamboo",
  "lyocell",
  "modal",
  "linen",
];
export const WARM_FIBERS: Fiber[] = ["wool", "merino wool", "cashmere", "acrylic"];
export const ANIMAL_FIBERS: Fiber[] = ["wool", "merino wool", "cashmere", "silk"];
export const WATERPROOF_FIBERS: Fiber[] = ["nylon", "polyurethane"];

const list = (fibers: Fiber[]) => fibers.join(", ");

const PROPERTIES: PropertyDef[] = [
  {
    id: "moistureWicking",
    label: "moisture-wicking",
    requirement: "Must be moisture-wicking",
    description: `Moisture-wicking when at least 60% of the fabric is ${list(WICKING_FIBERS)}.`,
    rule: { kind: "share", fibers: WICKING_FIBERS, min: 60 },
  },
  {
    id: "breathable",
    label: "breathable",
    requirement: "Must be breathable",
    description: `Breathable when at least 50% of the fabric is ${list(BREATHABLE_FIBERS)}; mostly synthetic fabrics are not.`,
    rule: { kind: "share", fibers: BREATHABLE_FIBERS, min: 50 },
  },
  {
    id: "hypoallergenic",
    label: "hypoallergenic (gentle on sensitive skin)",
    requirement: "Must be gentle on sensitive skin (hypoallergenic)",
    description: `Hypoallergenic when at least 90% of the fabric is ${list(HYPOALLERGENIC_FIBERS)}; wool and most synthetics can irritate sensitive skin.`,
    rule: { kind: "share", fibers: HYPOALLERGENIC_FIBERS, min: 90 },
  },
  {
    id: "waterResistant",
    label: "water-resistant",
    requirement: "Must be water-resistant",
    description:
      "Water-resistant when at least 80% of the fabric is nylon or polyurethane (PU, faux leather), or when a water-repellent finish is listed; cotton and denim are not.",
    rule: {
      kind: "any",
      rules: [
        { kind: "share", fibers: WATERPROOF_FIBERS, min: 80 },
        { kind: "attr", attr: "finishes", op: "includes", value: "water-repellent" },
      ],
    },
  },
  {
    id: "stretchy",
    label: "stretchy",
    requirement: "Must have some stretch",
    description: "Stretchy when the fabric has at least 2% spandex.",
    rule: { kind: "share", fibers: ["spandex"], min: 2 },
  },
  {
    id: "warm",
    label: "warm",
    requirement: "Must be warm",
    description: `Warm when at least 50% of the fabric is ${list(WARM_FIBERS)}, when the fabric is fleece or sherpa, or when it is insulated.`,
    rule: {
      kind: "any",
      rules: [
        { kind: "share", fibers: WARM_FIBERS, min: 50 },
        { kind: "attr", attr: "fabric", op: "in", value: ["fleece", "sherpa"] },
        { kind: "attr", attr: "finishes", op: "includes", value: "insulated" },
      ],
    },
  },
  {
    id: "machineWashable",
    label: "machine-washable",
    requirement: "Must be machine-washable",
    description: "Machine-washable when the care label says machine wash (cold or warm).",
    rule: { kind: "attr", attr: "care", op: "in", value: ["machine wash cold", "machine wash warm"] },
  },
  {
    id: "animalFree",
    label: "free of animal fibres (vegan)",
    requirement: "No animal fibres (vegan)",
    description: `Vegan (free of animal fibres) when it contains none of ${list(ANIMAL_FIBERS)}.`,
    rule: { kind: "share", fibers: ANIMAL_FIBERS, max: 0 },
  },
];

const FACTS = [
  "You may infer whether a garment is moisture-wicking, breathable, hypoallergenic, water-resistant, stretchy or warm from its fabric composition, as below.",
  "Polyester, nylon, spandex, bamboo and merino wool wick moisture; cotton, denim, linen and rayon do not.",
  "Fabrics that are mostly cotton, linen, bamboo, modal, lyocell, silk or wool are breathable; fully synthetic fabrics are less breathable.",
  "Nylon and PU (polyurethane, faux leather) shells are water-resistant, cotton and denim are not; do not infer water resistance otherwise unless a water-repellent finish is stated.",
  "Wool, cashmere and acrylic are warm, and so are fleece, sherpa and insulated garments.",
  "People with sensitive skin do best with cotton, silk, bamboo, modal, lyocell or linen; wool and most synthetics can irritate.",
  "Dry clean only, hand wash and spot clean only items are not machine-washable.",
  "A vegan shopper avoids wool, merino, cashmere and silk.",
  "Spandex (elastane) adds stretch; relaxed and oversized fits give more room to move.",
];

export function apparelKnowledge(category: "female-clothing" | "male-clothing"): CategoryKnowledge {
  return { category, facts: FACTS, properties: PROPERTIES };
}
