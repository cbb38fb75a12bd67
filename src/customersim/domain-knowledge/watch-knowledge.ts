import type { CategoryKnowledge } from "../schema/knowledge.js";

export function watchKnowledge(): CategoryKnowledge {
  return {
    category: "smart-watches",
    facts: [
      "Apple Watch works only with an iPhone. Samsung Galaxy Watch, Google Pixel Watch, OnePlus and TicWatch need an Android phone. Garmin, Fitbit, Amazfit, Withings, Coros, Polar and Fossil work with both.",
      "Built-in GPS tracks runs without a phone; connected GPS borrows the phone's GPS, so the phone must come along.",
      "5 ATM, WR50 or more is safe for swimming; 10 ATM or WR100 also for snorkelling; IP68 and 3 ATM only survive splashes and rain.",
      "An ECG sensor can take an electrocardiogram for heart-rhythm checks; blood oxygen and skin temperature are separate sensors.",
      "Battery life is given for typical use: 72 hours or more means it lasts several days between charges, a week is 168 hours.",
      "Cellular models make calls and stream without the phone nearby.",
    ],
    properties: [
      {
        id: "worksWithIphone",
        label: "works with an iPhone",
        requirement: "Must work with my iPhone",
        description: "Works with an iPhone when iOS is among its compatible phones.",
        rule: { kind: "attr", attr: "osCompatibility", op: "includes", value: "iOS" },
      },
      {
        id: "worksWithAndroid",
        label: "works with an Android phone",
        requirement: "Must work with my Android phone",
        description: "Works with an Android phone when Android is among its compatible phones.",
        rule: { kind: "attr", attr: "osCompatibility", op: "includes", value: "Android" },
      },
      {
        id: "standaloneGps",
        label: "GPS without the phone",
        requirement: "Needs built-in GPS (no phone on runs)",
        description: "Tracks location without the phone when the GPS is built in.",
        rule: { kind: "attr", attr: "gps", op: "==", value: "built-in" },
      },
      {
        id: "swimProof",
        label: "safe for swimming",
        requirement: "Must be safe for swimming",
        description: "Safe for swimming when water resistant to 50 m or more (5 ATM, WR50 or better).",
        rule: { kind: "attr", attr: "waterResistanceM", op: ">=", value: 50 },
      },
      {
        id: "multiDayBattery",
        label: "multi-day battery",
        requirement: "Battery must last several days",
        description: "Lasts several days when the battery is rated 72 hours or more.",
        rule: { kind: "attr", attr: "batteryLifeHours", op: ">=", value: 72 },
      },
      {
        id: "weekLongBattery",
        label: "a week or more of battery",
        requirement: "Battery must last a week or more",
        description: "Lasts a week or more when the battery is rated 168 hours or more.",
        rule: { kind: "attr", attr: "batteryLifeHours", op: ">=", value: 168 },
      },
      {
        id: "ecg",
        label: "ECG",
        requirement: "Must take an ECG",
        description: "Takes an ECG when it has an ECG sensor.",
        rule: { kind: "attr", attr: "sensors", op: "includes", value: "ECG" },
      },
    ],
  };
}
