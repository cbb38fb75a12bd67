import type { CategoryKnowledge } from "../schema/knowledge.js";

export function laptopKnowledge(): CategoryKnowledge {
  return {
    category: "laptops",
    facts: [
      "MacBooks run macOS on Apple's own chips (M1); other brands here run Windows; Chromebooks run ChromeOS.",
      "Gaming laptops have a dedicated graphics card (e.g. NVIDIA GeForce RTX); laptops with integrated graphics are not meant for demanding games.",
      "Video and photo editing want at least 16GB of memory and at least 512GB of SSD storage.",
      "eMMC storage and hard drives are slower than an SSD; Intel Celeron processors suit only light tasks.",
      "A laptop of 1.4 kg or less is light enough to carry all day; 10 hours of battery or more lasts a working day.",
      "2-in-1 and detachable laptops fold or detach into a tablet and have touch screens.",
      "Screens of 15 inches or more count as large; 13 to 14 inches is the portable middle.",
    ],
    properties: [
      {
        id: "lightweight",
        label: "lightweight",
        requirement: "Must be lightweight (1.4 kg or less)",
        description: "Lightweight when it weighs 1.4 kg or less.",
        rule: { kind: "attr", attr: "weightKg", op: "<=", value: 1.4 },
      },
      {
        id: "allDayBattery",
        label: "all-day battery",
        requirement: "Battery must last a full day (10+ hours)",
        description: "All-day battery when it lasts 10 hours or more.",
        rule: { kind: "attr", attr: "batteryHours", op: ">=", value: 10 },
      },
      {
        id: "gamingReady",
        label: "good for gaming",
        requirement: "Must handle modern games",
        description: "Good for gaming when it has a dedicated graphics card and at least 16GB of memory.",
        rule: {
          kind: "all",
          rules: [
            { kind: "attr", attr: "gpuType", op: "==", value: "dedicated" },
            { kind: "attr", attr: "ramGb", op: ">=", value: 16 },
          ],
        },
      },
      {
        id: "creativeReady",
        label: "good for photo and video editing",
        requirement: "Must handle photo and video editing",
        description:
          "Good for photo and video editing with at least 16GB of memory and a 512GB or larger SSD.",
        rule: {
          kind: "all",
          rules: [
            { kind: "attr", attr: "ramGb", op: ">=", value: 16 },
            { kind: "attr", attr: "storageGb", op: ">=", value: 512 },
            { kind: "attr", attr: "storageType", op: "==", value: "SSD" },
          ],
        },
      },
      {
        id: "convertible",
        label: "converts into a tablet",
        requirement: "Must fold or detach into a tablet",
        description: "Converts into a tablet when it is a 2-in-1 or detachable.",
        rule: { kind: "attr", attr: "formFactor", op: "in", value: ["2-in-1", "detachable"] },
      },
      {
        id: "largeScreen",
        label: "large screen",
        requirement: "Needs a large screen (15 inches or more)",
        description: "Large screen when the display is 15 inches or more.",
        rule: { kind: "attr", attr: "displayIn", op: ">=", value: 15 },
      },
      {
        id: "fastStorage",
        label: "fast SSD storage",
        requirement: "Must have fast SSD storage",
        description: "Fast storage when the drive is an SSD (not eMMC or a hard drive).",
        rule: { kind: "attr", attr: "storageType", op: "==", value: "SSD" },
      },
    ],
  };
}
