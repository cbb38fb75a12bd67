import type { WatchAttributes } from "../schema/devices.js";

/**
 * Authored watch lines (specs approximate the makers' published sheets; prices are typical US list
 * prices). The generator draws case size, colour, band and cellular variants from them.
 */
export interface WatchModel {
  brand: string;
  line: string;
  type: WatchAttributes["type"];
  os: WatchAttributes["osCompatibility"];
  gps: WatchAttributes["gps"];
  batteryLifeHours: number;
  sensors: WatchAttributes["sensors"];
  waterRating: WatchAttributes["waterRating"];
  display: WatchAttributes["display"];
  caseMaterial: WatchAttributes["caseMaterial"];
  /** Case size in mm and its price. */
  sizes: [number, number][];
  bands: WatchAttributes["bandMaterial"][];
  colors: [string, string][];
  /** Extra price of the cellular model, if there is one. */
  cellular?: number;
  payments: boolean;
}

const BASIC = ["heart rate", "accelerometer", "gyroscope"] as const;
const APPLE_COLORS: [string, string][] = [
  ["Midnight", "#1f2430"],
  ["Starlight", "#e8e0d2"],
  ["Silver", "#d5d7da"],
];
const DARK: [string, string][] = [
  ["Black", "#1b1b1d"],
  ["Graphite", "#3c3e42"],
];

// biome-ignore format: a table reads best one field per line
export const WATCH_MODELS: WatchModel[] = [
  {
    brand: "Apple", line: "Apple Watch SE (2nd gen)", type: "smartwatch", os: ["iOS"], gps: "built-in",
    batteryLifeHours: 18, sensors: [...BASIC, "compass", "barometric altimeter"], waterRating: "WR50",
    display: "OLED", caseMaterial: "aluminum", sizes: [[40, 249], [44, 279]],
    bands: ["fluoroelastomer", "nylon"], colors: APPLE_COLORS, cellular: 50, payments: true,
  },
  {
    brand: "Apple", line: "Apple Watch Series 9", type: "smartwatch", os: ["iOS"], gps: "built-in",
    batteryLifeHours: 18,
    sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature", "compass", "barometric altimeter"],
    waterRating: "WR50", display: "OLED", caseMaterial: "aluminum", sizes: [[41, 399], [45, 429]],
    bands: ["fluoroelastomer", "nylon", "leather"], colors: [...APPLE_COLORS, ["Pink", "#f2c9c9"]],
    cellular: 100, payments: true,
  },
  {
    brand: "Apple", line: "Apple Watch Ultra 2", type: "sports watch", os: ["iOS"], gps: "built-in",
    batteryLifeHours: 36, sensors: [
      ...BASIC,
      "ECG",
      "blood oxygen",
      "skin temperature",
      "compass",
      "barometric altimeter",
      "depth gauge",
    ], waterRating: "WR100", display: "OLED", caseMaterial: "titanium", sizes: [[49, 799]],
    bands: ["nylon", "fluoroelastomer", "titanium"], colors: [["Natural Titanium", "#c8c2b8"]],
    payments: true,
  },
  {
    brand: "Samsung", line: "Galaxy Watch6", type: "smartwatch", os: ["Android"], gps: "built-in",
    batteryLifeHours: 40,
    sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "aluminum", sizes: [[40, 299], [44, 329]],
    bands: ["fluoroelastomer", "nylon"],
    colors: [["Graphite", "#3c3e42"], ["Gold", "#d9c3a0"], ["Silver", "#d5d7da"]], cellular: 50,
    payments: true,
  },
  {
    brand: "Samsung", line: "Galaxy Watch6 Classic", type: "smartwatch", os: ["Android"], gps: "built-in",
    batteryLifeHours: 40,
    sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "stainless steel", sizes: [[43, 399], [47, 429]],
    bands: ["leather", "fluoroelastomer", "stainless steel"],
    colors: [["Black", "#1b1b1d"], ["Silver", "#d5d7da"]], cellular: 50, payments: true,
  },
  {
    brand: "Samsung", line: "Galaxy Watch FE", type: "smartwatch", os: ["Android"], gps: "built-in",
    batteryLifeHours: 30, sensors: [...BASIC, "ECG", "blood oxygen"], waterRating: "5 ATM", display: "AMOLED",
    caseMaterial: "aluminum", sizes: [[40, 199]], bands: ["silicone"],
    colors: [["Black", "#1b1b1d"], ["Pink Gold", "#e6c2b3"], ["Silver", "#d5d7da"]], payments: true,
  },
  {
    brand: "Google", line: "Pixel Watch 2", type: "smartwatch", os: ["Android"], gps: "built-in",
    batteryLifeHours: 24,
    sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature", "compass", "barometric altimeter"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "aluminum", sizes: [[41, 349]],
    bands: ["fluoroelastomer", "nylon", "leather"],
    colors: [["Matte Black", "#202124"], ["Polished Silver", "#dcdde0"], ["Champagne Gold", "#e0cba6"]],
    cellular: 50, payments: true,
  },
  {
    brand: "OnePlus", line: "OnePlus Watch 2", type: "smartwatch", os: ["Android"], gps: "built-in",
    batteryLifeHours: 100, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "stainless steel", sizes: [[47, 299]],
    bands: ["fluoroelastomer"], colors: [["Black Steel", "#2b2c2f"], ["Radiant Steel", "#c9cbce"]],
    payments: true,
  },
  {
    brand: "Mobvoi", line: "TicWatch Pro 5", type: "smartwatch", os: ["Android"], gps: "built-in",
    batteryLifeHours: 80,
    sensors: [...BASIC, "blood oxygen", "skin temperature", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "stainless steel", sizes: [[50, 349]],
    bands: ["fluoroelastomer"], colors: [["Obsidian", "#1d1e20"]], payments: true,
  },
  {
    brand: "Garmin", line: "Forerunner 265", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 312, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "fiber-reinforced polymer",
    sizes: [[42, 449], [46, 449]], bands: ["silicone"],
    colors: [["Black", "#1b1b1d"], ["Aqua", "#5fc4c9"], ["Whitestone", "#e9e7e2"]], payments: true,
  },
  {
    brand: "Garmin", line: "Forerunner 55", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 336, sensors: [...BASIC], waterRating: "5 ATM", display: "MIP",
    caseMaterial: "fiber-reinforced polymer", sizes: [[42, 199]], bands: ["silicone"],
    colors: [["Black", "#1b1b1d"], ["Aqua", "#5fc4c9"], ["White", "#f1f1ef"]], payments: false,
  },
  {
    brand: "Garmin", line: "fēnix 7", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 432, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "10 ATM", display: "MIP", caseMaterial: "stainless steel", sizes: [[47, 699]],
    bands: ["silicone", "titanium"], colors: DARK, payments: true,
  },
  {
    brand: "Garmin", line: "Venu 3", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 336,
    sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "stainless steel", sizes: [[41, 449], [45, 449]],
    bands: ["silicone", "leather"], colors: [["Slate", "#4a4d52"], ["Ivory", "#eee8dc"]], payments: true,
  },
  {
    brand: "Garmin", line: "Instinct 2", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 672, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "10 ATM", display: "MIP", caseMaterial: "fiber-reinforced polymer",
    sizes: [[40, 249], [45, 299]], bands: ["silicone"],
    colors: [["Graphite", "#3c3e42"], ["Moss", "#6b7a4f"], ["Flame Red", "#c8412f"]], payments: false,
  },
  {
    brand: "Garmin", line: "vívoactive 5", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 264, sensors: [...BASIC, "blood oxygen"], waterRating: "5 ATM", display: "AMOLED",
    caseMaterial: "aluminum", sizes: [[42, 299]], bands: ["silicone"],
    colors: [["Black", "#1b1b1d"], ["Ivory", "#eee8dc"], ["Navy", "#26324d"]], payments: true,
  },
  {
    brand: "Fitbit", line: "Fitbit Versa 4", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 144, sensors: [...BASIC, "blood oxygen", "skin temperature"], waterRating: "5 ATM",
    display: "AMOLED", caseMaterial: "aluminum", sizes: [[40, 199]], bands: ["silicone", "nylon"],
    colors: [["Black", "#1b1b1d"], ["Pink Sand", "#ecc9c0"], ["Waterfall Blue", "#8fb7d4"]], payments: true,
  },
  {
    brand: "Fitbit", line: "Fitbit Sense 2", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 144, sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "aluminum", sizes: [[40, 249]],
    bands: ["silicone", "nylon"], colors: [["Shadow Grey", "#4a4b4f"], ["Lunar White", "#efede8"]],
    payments: true,
  },
  {
    brand: "Fitbit", line: "Fitbit Charge 6", type: "fitness tracker", os: ["iOS", "Android"],
    gps: "built-in", batteryLifeHours: 168, sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "aluminum", sizes: [[37, 159]],
    bands: ["silicone"], colors: [["Obsidian", "#1d1e20"], ["Coral", "#f08a7e"], ["Porcelain", "#f1ede6"]],
    payments: true,
  },
  {
    brand: "Fitbit", line: "Fitbit Inspire 3", type: "fitness tracker", os: ["iOS", "Android"],
    gps: "connected", batteryLifeHours: 240, sensors: [...BASIC, "blood oxygen"], waterRating: "5 ATM",
    display: "AMOLED", caseMaterial: "plastic", sizes: [[36, 99]], bands: ["silicone"],
    colors: [["Midnight Zen", "#1d2230"], ["Lilac Bliss", "#c8b6e2"], ["Morning Glow", "#f2b880"]],
    payments: false,
  },
  {
    brand: "Amazfit", line: "Amazfit GTR 4", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 336, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "AMOLED", caseMaterial: "aluminum", sizes: [[46, 199]],
    bands: ["fluoroelastomer", "leather"],
    colors: [["Superspeed Black", "#1b1b1d"], ["Vintage Brown", "#7a5134"]], payments: false,
  },
  {
    brand: "Amazfit", line: "Amazfit Bip 5", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 240, sensors: [...BASIC, "blood oxygen"], waterRating: "IP68", display: "LCD",
    caseMaterial: "plastic", sizes: [[46, 89]], bands: ["silicone"],
    colors: [["Soft Black", "#2a2a2c"], ["Pastel Pink", "#f1c6cc"], ["Cream White", "#f3eee2"]],
    payments: false,
  },
  {
    brand: "Amazfit", line: "Amazfit T-Rex 2", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 576, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "10 ATM", display: "AMOLED", caseMaterial: "fiber-reinforced polymer", sizes: [[47, 229]],
    bands: ["silicone"],
    colors: [["Astro Black & Gold", "#2b2a26"], ["Wild Green", "#55684a"], ["Desert Khaki", "#b8a57f"]],
    payments: false,
  },
  {
    brand: "Withings", line: "Withings ScanWatch 2", type: "hybrid watch", os: ["iOS", "Android"],
    gps: "connected", batteryLifeHours: 720,
    sensors: [...BASIC, "ECG", "blood oxygen", "skin temperature", "barometric altimeter"],
    waterRating: "5 ATM", display: "analog with OLED", caseMaterial: "stainless steel",
    sizes: [[38, 349], [42, 349]], bands: ["fluoroelastomer", "leather", "stainless steel"],
    colors: [["Black", "#1b1b1d"], ["White", "#f1f1ef"]], payments: false,
  },
  {
    brand: "Fossil", line: "Fossil Gen 6", type: "smartwatch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 24, sensors: [...BASIC, "blood oxygen", "compass"], waterRating: "3 ATM",
    display: "AMOLED", caseMaterial: "stainless steel", sizes: [[42, 299], [44, 299]],
    bands: ["leather", "silicone", "stainless steel"],
    colors: [["Smoke", "#5a5c60"], ["Rose Gold", "#e3b7a0"], ["Brown", "#7a5134"]], payments: true,
  },
  {
    brand: "COROS", line: "COROS PACE 3", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 576, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "5 ATM", display: "MIP", caseMaterial: "fiber-reinforced polymer", sizes: [[42, 229]],
    bands: ["nylon", "silicone"], colors: [["Black", "#1b1b1d"], ["White", "#f1f1ef"]], payments: false,
  },
  {
    brand: "Polar", line: "Polar Pacer", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 168, sensors: [...BASIC], waterRating: "WR50", display: "MIP", caseMaterial: "plastic",
    sizes: [[45, 199]], bands: ["silicone"],
    colors: [["Night Black", "#1b1b1d"], ["Snow White", "#f3f3f1"], ["Blue", "#3b6fb6"]], payments: false,
  },
  {
    brand: "Suunto", line: "Suunto 9 Peak Pro", type: "sports watch", os: ["iOS", "Android"], gps: "built-in",
    batteryLifeHours: 504, sensors: [...BASIC, "blood oxygen", "barometric altimeter", "compass"],
    waterRating: "10 ATM", display: "MIP", caseMaterial: "titanium", sizes: [[43, 549]],
    bands: ["silicone", "titanium"], colors: [["All Black", "#1b1b1d"], ["Titanium Sand", "#c8b9a0"]],
    payments: true,
  },
];

export const WATER_DEPTH_M: Record<WatchAttributes["waterRating"], number> = {
  IP68: 1.5,
  "3 ATM": 30,
  "5 ATM": 50,
  "10 ATM": 100,
  WR50: 50,
  WR100: 100,
};
