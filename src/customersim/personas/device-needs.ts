import type { Product } from "../schema/product.js";
import { attrs, type CriterionKind, criterion, type Need, prop } from "./need.js";

const a = (p: Product, key: string) => attrs(p)[key];

const os: CriterionKind = (p) => {
  const value = String(a(p, "os"));
  return criterion(`Must run ${value}`, { kind: "attr", attr: "os", op: "==", value });
};
const minRam: CriterionKind = (p) => {
  const ram = Number(a(p, "ramGb"));
  return ram >= 8
    ? criterion(`Needs at least ${ram}GB of memory`, { kind: "attr", attr: "ramGb", op: ">=", value: ram })
    : undefined;
};
const minStorage: CriterionKind = (p) => {
  const gb = Number(a(p, "storageGb"));
  const words = gb >= 1000 ? `${gb / 1000}TB` : `${gb}GB`;
  return gb >= 256
    ? criterion(`Needs at least ${words} of storage`, {
        kind: "attr",
        attr: "storageGb",
        op: ">=",
        value: gb,
      })
    : undefined;
};
const smallScreen: CriterionKind = (p) =>
  Number(a(p, "displayIn")) <= 14
    ? criterion("Screen no bigger than 14 inches", { kind: "attr", attr: "displayIn", op: "<=", value: 14 })
    : undefined;
const touch: CriterionKind = (p) =>
  a(p, "touchscreen")
    ? criterion("Must have a touch screen", { kind: "attr", attr: "touchscreen", op: "==", value: true })
    : undefined;
const notCeleron: CriterionKind = (p) =>
  a(p, "cpuFamily") !== "Intel Celeron"
    ? criterion("No bottom-tier (Celeron) processor", {
        kind: "attr",
        attr: "cpuFamily",
        op: "!=",
        value: "Intel Celeron",
      })
    : undefined;

const laptop = () => "a laptop";
const all = () => true;

/** The reasons laptop shoppers shop (authored, after the salesbot and SalesSim profiles). */
export const LAPTOP_NEEDS: Need[] = [
  {
    id: "student",
    use: "for classes, essays and streaming",
    pool: all,
    shoppingFor: laptop,
    fixed: [],
    options: [os, prop("fastStorage"), prop("allDayBattery"), prop("largeScreen"), notCeleron],
    ages: [18, 26],
  },
  {
    id: "gaming",
    use: "to play the latest PC games",
    pool: all,
    shoppingFor: laptop,
    fixed: [prop("gamingReady")],
    options: [minStorage, prop("largeScreen"), minRam],
    ages: [16, 40],
  },
  {
    id: "creative",
    use: "for photo and video editing",
    pool: all,
    shoppingFor: laptop,
    fixed: [prop("creativeReady")],
    options: [os, minStorage, prop("allDayBattery")],
  },
  {
    id: "travel",
    use: "to work on the road and on planes",
    pool: all,
    shoppingFor: laptop,
    fixed: [prop("lightweight")],
    options: [prop("allDayBattery"), smallScreen, minRam, os],
  },
  {
    id: "business",
    use: "for spreadsheets, presentations and video calls",
    pool: all,
    shoppingFor: laptop,
    fixed: [],
    options: [minRam, os, prop("allDayBattery"), notCeleron, prop("lightweight")],
    ages: [24, 66],
  },
  {
    id: "notes",
    use: "to take handwritten notes and sketch",
    pool: all,
    shoppingFor: laptop,
    fixed: [prop("convertible")],
    options: [touch, prop("lightweight"), os],
  },
  {
    id: "family",
    use: "for the whole family: homework, photos and video calls",
    pool: all,
    shoppingFor: laptop,
    fixed: [],
    options: [prop("largeScreen"), minStorage, os, touch],
    ages: [30, 80],
  },
];

const phone: CriterionKind = (p, rng) => {
  const os = a(p, "osCompatibility") as string[];
  const mine = rng.pick(os);
  return mine === "iOS"
    ? criterion("Must work with my iPhone", { kind: "property", property: "worksWithIphone", value: true })
    : criterion("Must work with my Android phone", {
        kind: "property",
        property: "worksWithAndroid",
        value: true,
      });
};
const cellular: CriterionKind = (p) =>
  a(p, "cellular")
    ? criterion("Must have cellular, to leave the phone at home", {
        kind: "attr",
        attr: "cellular",
        op: "==",
        value: true,
      })
    : undefined;
const payments: CriterionKind = (p) =>
  a(p, "contactlessPayments")
    ? criterion("Must support contactless payments", {
        kind: "attr",
        attr: "contactlessPayments",
        op: "==",
        value: true,
      })
    : undefined;
const smallCase: CriterionKind = (p) =>
  Number(a(p, "caseSizeMm")) <= 41
    ? criterion("Case no bigger than 41mm (small wrist)", {
        kind: "attr",
        attr: "caseSizeMm",
        op: "<=",
        value: 41,
      })
    : undefined;
const noLeather: CriterionKind = (p) =>
  a(p, "bandMaterial") !== "leather"
    ? criterion("No leather band", { kind: "attr", attr: "bandMaterial", op: "!=", value: "leather" })
    : undefined;
const bloodOxygen: CriterionKind = (p) =>
  (a(p, "sensors") as string[]).includes("blood oxygen")
    ? criterion("Must measure blood oxygen", {
        kind: "attr",
        attr: "sensors",
        op: "includes",
        value: "blood oxygen",
      })
    : undefined;
const realWatch: CriterionKind = (p) =>
  a(p, "type") !== "fitness tracker"
    ? criterion("A proper watch, not a fitness band", {
        kind: "attr",
        attr: "type",
        op: "!=",
        value: "fitness tracker",
      })
    : undefined;

const watch = () => "a smart watch";

/** The reasons smart-watch shoppers shop (authored). */
export const WATCH_NEEDS: Need[] = [
  {
    id: "everyday",
    use: "for notifications and step counting",
    pool: all,
    shoppingFor: watch,
    fixed: [phone],
    options: [payments, smallCase, realWatch, prop("multiDayBattery")],
  },
  {
    id: "runner",
    use: "to track runs and training",
    pool: all,
    shoppingFor: watch,
    fixed: [phone, prop("standaloneGps")],
    options: [prop("multiDayBattery"), prop("swimProof"), bloodOxygen],
    ages: [18, 65],
  },
  {
    id: "swimmer",
    use: "to track laps in the pool",
    pool: all,
    shoppingFor: watch,
    fixed: [phone, prop("swimProof")],
    options: [prop("standaloneGps"), prop("multiDayBattery"), noLeather],
  },
  {
    id: "heart",
    use: "to keep an eye on heart health after a doctor's advice",
    pool: all,
    shoppingFor: watch,
    fixed: [phone, prop("ecg")],
    options: [bloodOxygen, prop("multiDayBattery"), realWatch],
    ages: [40, 85],
  },
  {
    id: "hiker",
    use: "for multi-day hikes and camping trips",
    pool: all,
    shoppingFor: watch,
    fixed: [phone, prop("weekLongBattery")],
    options: [prop("standaloneGps"), prop("swimProof"), realWatch],
  },
  {
    id: "untethered",
    use: "to go out without carrying a phone",
    pool: all,
    shoppingFor: watch,
    fixed: [phone, cellular],
    options: [payments, prop("standaloneGps"), smallCase],
  },
];
