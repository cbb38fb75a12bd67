import type { ApparelType, Care, Fiber, Finish, Fit, Pattern, Style } from "../schema/apparel.js";

/** One way a garment type is made: the cloth, its fibres, how it is cared for. */
export interface FabricOption {
  fabric: string;
  /** How the name says it, e.g. "Merino" (empty: nothing). */
  word: string;
  composition: [Fiber, number][];
  care: Care;
  finishes?: Finish[];
  /** The styles it suits; without, any of the type's but athletic. */
  styles?: Style[];
}

/** How a garment type is generated (authored for siturec). */
export interface TypeSpec {
  type: ApparelType;
  nouns: string[];
  fabrics: FabricOption[];
  fits: Fit[];
  styles: Style[];
  patterns: Pattern[];
  sizes: "letter" | "waist" | "dress";
  price: [number, number];
  pockets: boolean;
}

const MWC: Care = "machine wash cold";
const f = (
  fabric: string,
  word: string,
  composition: [Fiber, number][],
  care: Care = MWC,
  extra: Pick<FabricOption, "finishes" | "styles"> = {},
): FabricOption => ({ fabric, word, composition, care, ...extra });

const SPORT: Pick<FabricOption, "styles"> = { styles: ["athletic", "lounge", "casual"] };

const DENIM = [
  f("denim", "Rigid", [["cotton", 100]]),
  f("stretch denim", "Stretch", [
    ["cotton", 98],
    ["spandex", 2],
  ]),
  f("stretch denim", "Comfort Stretch", [
    ["cotton", 92],
    ["polyester", 6],
    ["spandex", 2],
  ]),
  f("denim", "Soft", [
    ["cotton", 79],
    ["lyocell", 20],
    ["spandex", 1],
  ]),
  f("denim", "Organic", [["organic cotton", 100]]),
];
const TEE = [
  f("jersey", "Cotton", [["cotton", 100]]),
  f("jersey", "Organic Cotton", [["organic cotton", 100]]),
  f("jersey", "Blend", [
    ["cotton", 60],
    ["polyester", 40],
  ]),
  f("performance knit", "Performance", [["polyester", 100]], MWC, SPORT),
  f("jersey", "Merino", [["merino wool", 100]], MWC, { styles: ["athletic", "outdoor", "casual"] }),
  f("jersey", "Bamboo", [
    ["bamboo", 95],
    ["spandex", 5],
  ]),
  f("jersey", "Modal", [
    ["modal", 50],
    ["cotton", 50],
  ]),
  f("slub jersey", "Linen", [["linen", 100]], "hand wash cold"),
];
const ACTIVE = [
  f(
    "performance knit",
    "Performance",
    [
      ["nylon", 80],
      ["spandex", 20],
    ],
    MWC,
    SPORT,
  ),
  f(
    "performance knit",
    "Sculpt",
    [
      ["polyester", 88],
      ["spandex", 12],
    ],
    MWC,
    SPORT,
  ),
  f(
    "cotton jersey",
    "Cotton",
    [
      ["cotton", 90],
      ["spandex", 10],
    ],
    MWC,
    SPORT,
  ),
  f(
    "bamboo jersey",
    "Bamboo",
    [
      ["bamboo", 95],
      ["spandex", 5],
    ],
    MWC,
    SPORT,
  ),
  f(
    "performance knit",
    "Recycled",
    [
      ["recycled polyester", 75],
      ["spandex", 25],
    ],
    MWC,
    SPORT,
  ),
];
const SWEATS = [
  f("fleece", "Fleece", [
    ["cotton", 80],
    ["polyester", 20],
  ]),
  f("french terry", "French Terry", [["cotton", 100]]),
  f("fleece", "Tech Fleece", [["polyester", 100]]),
  f("french terry", "Organic", [["organic cotton", 100]]),
  f(
    "performance knit",
    "Stretch",
    [
      ["polyester", 88],
      ["spandex", 12],
    ],
    MWC,
    { styles: ["athletic"] },
  ),
  f("sherpa", "Sherpa", [["polyester", 100]]),
];
const KNITS = [
  f("knit", "Wool", [["wool", 100]], "hand wash cold"),
  f("knit", "Merino", [["merino wool", 100]], MWC),
  f("knit", "Cashmere", [["cashmere", 100]], "hand wash cold"),
  f("knit", "Cotton", [["cotton", 100]]),
  f("knit", "Cozy", [["acrylic", 100]]),
  f(
    "knit",
    "Wool Blend",
    [
      ["wool", 50],
      ["acrylic", 50],
    ],
    "hand wash cold",
  ),
];
const WOVEN_TOPS = [
  f("silk charmeuse", "Silk", [["silk", 100]], "dry clean only", { styles: ["business", "formal"] }),
  f("crepe", "Crepe", [["polyester", 100]], MWC, { finishes: ["wrinkle-resistant"] }),
  f("challis", "Rayon", [["rayon", 100]], "hand wash cold"),
  f("linen", "Linen", [["linen", 100]]),
  f("poplin", "Poplin", [["cotton", 100]]),
  f("oxford", "Oxford", [["cotton", 100]]),
  f(
    "poplin",
    "Non-Iron",
    [
      ["cotton", 60],
      ["polyester", 40],
    ],
    MWC,
    { finishes: ["wrinkle-resistant"] },
  ),
];
const SHELLS = [
  f("ripstop", "Packable", [["nylon", 100]], MWC, { finishes: ["water-repellent"] }),
  f("coated polyester", "Storm", [["polyester", 100]], MWC, { finishes: ["water-repellent"] }),
  f("faux leather", "Faux Leather", [["polyurethane", 100]], "spot clean only"),
  f(
    "softshell",
    "Softshell",
    [
      ["polyester", 92],
      ["spandex", 8],
    ],
    MWC,
    { finishes: ["water-repellent"] },
  ),
  f("cotton canvas", "Canvas", [["cotton", 100]]),
];
const PUFFERS = [
  f("ripstop", "Down", [["nylon", 100]], MWC, { finishes: ["insulated", "water-repellent"] }),
  f("taffeta", "Quilted", [["polyester", 100]], MWC, { finishes: ["insulated"] }),
  f("recycled ripstop", "Recycled", [["recycled polyester", 100]], MWC, { finishes: ["insulated"] }),
  f("nylon taffeta", "Lightweight", [["nylon", 100]], MWC, { finishes: ["insulated"] }),
];
const TAILORED = [
  f("wool suiting", "Wool", [["wool", 100]], "dry clean only"),
  f(
    "suiting",
    "Stretch",
    [
      ["polyester", 65],
      ["rayon", 30],
      ["spandex", 5],
    ],
    MWC,
  ),
  f("linen", "Linen", [["linen", 100]], "dry clean only"),
  f("twill", "Cotton", [
    ["cotton", 98],
    ["spandex", 2],
  ]),
];
const BOTTOMS = [
  f("twill", "Twill", [["cotton", 100]]),
  f("stretch twill", "Stretch", [
    ["cotton", 97],
    ["spandex", 3],
  ]),
  f("linen", "Linen", [
    ["linen", 55],
    ["cotton", 45],
  ]),
  f(
    "performance woven",
    "Tech",
    [
      ["nylon", 86],
      ["spandex", 14],
    ],
    MWC,
    { styles: ["athletic", "outdoor"] },
  ),
  f("denim", "Denim", [["cotton", 100]]),
];
const DRESSES = [
  f("jersey", "Jersey", [
    ["cotton", 95],
    ["spandex", 5],
  ]),
  f("challis", "Flowy", [["rayon", 100]], "hand wash cold"),
  f("linen", "Linen", [["linen", 100]]),
  f(
    "crepe",
    "Crepe",
    [
      ["polyester", 95],
      ["spandex", 5],
    ],
    MWC,
    { styles: ["business", "formal"] },
  ),
  f("silk", "Silk", [["silk", 100]], "dry clean only", { styles: ["formal"] }),
  f("poplin", "Poplin", [["organic cotton", 100]]),
];
const SKIRTS = [
  f("denim", "Denim", [["cotton", 100]]),
  f("faux leather", "Faux Leather", [["polyurethane", 100]], "spot clean only"),
  f("pleated chiffon", "Pleated", [["polyester", 100]]),
  f(
    "wool",
    "Wool",
    [
      ["wool", 80],
      ["nylon", 20],
    ],
    "dry clean only",
  ),
  f("linen", "Linen", [["linen", 100]]),
];
const POLOS = [
  f("piqué", "Piqué", [["cotton", 100]]),
  f("performance piqué", "Performance", [["polyester", 100]], MWC, { styles: ["athletic"] }),
  f("jersey", "Blend", [
    ["cotton", 60],
    ["polyester", 40],
  ]),
  f("jersey", "Merino", [["merino wool", 100]], MWC),
];

const CASUAL: Style[] = ["casual", "streetwear"];
const SOLIDISH: Pattern[] = ["solid", "solid", "heathered", "striped"];

// biome-ignore format: a table reads best one type per line
export const FEMALE_TYPES: TypeSpec[] = [
  t("jeans", ["Jean"], DENIM, ["skinny", "straight", "bootcut", "relaxed", "slim"], CASUAL, ["solid"], "waist", [39, 98], true),
  t("leggings", ["Legging", "High-Rise Legging"], ACTIVE, ["skinny", "slim"], ["athletic", "lounge"], ["solid", "solid", "camo", "color-block"], "letter", [29, 98], false),
  t("t-shirt", ["Tee", "Crew Tee", "V-Neck Tee"], TEE, ["slim", "regular", "relaxed", "oversized"], ["casual", "athletic", "lounge"], SOLIDISH, "letter", [14, 58], false),
  t("tank top", ["Tank", "Racerback Tank"], [...ACTIVE, ...TEE.slice(0, 3)], ["slim", "regular", "relaxed"], ["athletic", "casual"], SOLIDISH, "letter", [12, 48], false),
  t("sports bra", ["Sports Bra"], ACTIVE, ["slim"], ["athletic"], ["solid", "color-block", "camo"], "letter", [24, 68], false),
  t("blouse", ["Blouse", "Button-Front Blouse"], WOVEN_TOPS, ["regular", "relaxed"], ["business", "casual"], ["solid", "floral", "polka dot", "striped"], "letter", [28, 128], false),
  t("dress", ["Midi Dress", "Wrap Dress", "Shift Dress", "Maxi Dress"], DRESSES, ["slim", "regular", "relaxed"], ["casual", "business", "formal"], ["solid", "floral", "polka dot", "striped"], "dress", [39, 168], false),
  t("skirt", ["Midi Skirt", "A-Line Skirt", "Mini Skirt"], SKIRTS, ["slim", "regular"], ["casual", "business"], ["solid", "plaid", "floral"], "dress", [29, 98], false),
  t("sweater", ["Crewneck Sweater", "Turtleneck Sweater"], KNITS, ["regular", "relaxed", "oversized"], ["casual", "business"], ["solid", "solid", "striped", "heathered"], "letter", [39, 178], false),
  t("cardigan", ["Cardigan"], KNITS, ["regular", "relaxed", "oversized"], ["casual", "business", "lounge"], ["solid", "heathered"], "letter", [39, 148], true),
  t("hoodie", ["Hoodie", "Zip Hoodie"], SWEATS, ["regular", "relaxed", "oversized"], ["casual", "lounge", "athletic"], ["solid", "heathered", "color-block"], "letter", [32, 98], true),
  t("joggers", ["Jogger", "Sweatpant"], SWEATS, ["relaxed", "tapered", "slim"], ["lounge", "athletic", "casual"], ["solid", "heathered"], "letter", [29, 88], true),
  t("shorts", ["Short", "Running Short"], [...BOTTOMS, ...ACTIVE.slice(0, 2)], ["regular", "relaxed", "slim"], ["casual", "athletic"], ["solid", "striped", "floral"], "letter", [19, 68], true),
  t("rain jacket", ["Rain Jacket", "Anorak", "Trench Coat"], SHELLS, ["regular", "relaxed"], ["outdoor", "casual"], ["solid"], "letter", [59, 228], true),
  t("puffer jacket", ["Puffer Jacket", "Puffer Vest", "Long Puffer Coat"], PUFFERS, ["regular", "relaxed", "oversized"], ["outdoor", "casual"], ["solid"], "letter", [69, 298], true),
  t("blazer", ["Blazer"], TAILORED, ["slim", "regular", "relaxed"], ["business", "formal"], ["solid", "plaid"], "dress", [59, 248], true),
];

// biome-ignore format: a table reads best one type per line
export const MALE_TYPES: TypeSpec[] = [
  t("jeans", ["Jean"], DENIM, ["slim", "straight", "relaxed", "tapered", "bootcut"], CASUAL, ["solid"], "waist", [39, 128], true),
  t("chinos", ["Chino", "Chino Pant"], BOTTOMS.slice(0, 3), ["slim", "straight", "relaxed", "tapered"], ["casual", "business"], ["solid"], "waist", [39, 98], true),
  t("t-shirt", ["Tee", "Crew Tee", "Pocket Tee"], TEE, ["slim", "regular", "relaxed", "oversized"], ["casual", "athletic", "lounge"], SOLIDISH, "letter", [14, 58], false),
  t("polo shirt", ["Polo"], POLOS, ["slim", "regular"], ["casual", "business", "athletic"], ["solid", "striped"], "letter", [24, 98], false),
  t("button-down shirt", ["Button-Down Shirt", "Shirt"], [...WOVEN_TOPS.slice(1), f("flannel", "Flannel", [["cotton", 100]])], ["slim", "regular", "relaxed"], ["business", "casual"], ["solid", "plaid", "striped"], "letter", [34, 128], true),
  t("tank top", ["Tank", "Training Tank"], [...ACTIVE.slice(0, 2), ...TEE.slice(0, 4)], ["regular", "relaxed"], ["athletic", "casual"], SOLIDISH, "letter", [12, 44], false),
  t("sweater", ["Crewneck Sweater", "Quarter-Zip Sweater"], KNITS, ["slim", "regular", "relaxed"], ["casual", "business"], ["solid", "heathered", "striped"], "letter", [39, 198], false),
  t("hoodie", ["Hoodie", "Zip Hoodie"], SWEATS, ["regular", "relaxed", "oversized"], ["casual", "lounge", "athletic"], ["solid", "heathered", "color-block", "camo"], "letter", [32, 110], true),
  t("joggers", ["Jogger", "Sweatpant"], SWEATS, ["relaxed", "tapered", "slim"], ["lounge", "athletic", "casual"], ["solid", "heathered"], "letter", [29, 98], true),
  t("shorts", ["Short", "Training Short", "Chino Short"], [...BOTTOMS, ...ACTIVE.slice(0, 2)], ["regular", "relaxed", "slim"], ["casual", "athletic"], ["solid", "plaid", "camo"], "waist", [19, 78], true),
  t("rain jacket", ["Rain Jacket", "Shell Jacket", "Field Jacket"], SHELLS, ["regular", "relaxed"], ["outdoor", "casual"], ["solid", "camo"], "letter", [59, 248], true),
  t("puffer jacket", ["Puffer Jacket", "Puffer Vest", "Parka"], PUFFERS, ["regular", "relaxed"], ["outdoor", "casual"], ["solid"], "letter", [69, 328], true),
  t("blazer", ["Blazer", "Sport Coat"], TAILORED, ["slim", "regular"], ["business", "formal"], ["solid", "plaid"], "dress", [79, 298], true),
];

function t(
  type: ApparelType,
  nouns: string[],
  fabrics: FabricOption[],
  fits: Fit[],
  styles: Style[],
  patterns: Pattern[],
  sizes: TypeSpec["sizes"],
  price: [number, number],
  pockets: boolean,
): TypeSpec {
  return { type, nouns, fabrics, fits, styles, patterns, sizes, price, pockets };
}
