import { z } from "zod";
import { HexColor } from "./apparel.js";

export const LaptopOs = z.enum(["Windows", "macOS", "ChromeOS"]);
export type LaptopOs = z.infer<typeof LaptopOs>;

/** The normalised attributes of a laptop. */
export const LaptopAttributes = z
  .object({
    cpu: z.string().min(2),
    cpuFamily: z.enum([
      "Intel Celeron",
      "Intel Core i5",
      "Intel Core i7",
      "AMD Ryzen 5",
      "AMD Ryzen 7",
      "AMD Ryzen 9",
      "Apple M1",
    ]),
    ramGb: z.number().int().positive(),
    storageGb: z.number().int().positive(),
    storageType: z.enum(["SSD", "HDD", "eMMC"]),
    displayIn: z.number().positive(),
    touchscreen: z.boolean(),
    formFactor: z.enum(["clamshell", "2-in-1", "detachable"]),
    gpu: z.string().min(2),
    gpuType: z.enum(["integrated", "dedicated"]),
    os: LaptopOs,
    weightKg: z.number().positive(),
    batteryHours: z.number().positive(),
    color: z.string().min(2),
    colorHex: HexColor,
  })
  .strict();
export type LaptopAttributes = z.infer<typeof LaptopAttributes>;

export const PhoneOs = z.enum(["iOS", "Android"]);
export type PhoneOs = z.infer<typeof PhoneOs>;

export const WATCH_SENSORS = [
  "heart rate",
  "blood oxygen",
  "ECG",
  "skin temperature",
  "barometric altimeter",
  "compass",
  "accelerometer",
  "gyroscope",
  "depth gauge",
] as const;
export const WatchSensor = z.enum(WATCH_SENSORS);

export const WaterRating = z.enum(["IP68", "3 ATM", "5 ATM", "10 ATM", "WR50", "WR100"]);
export type WaterRating = z.infer<typeof WaterRating>;

/** The normalised attributes of a smart watch or fitness tracker. */
export const WatchAttributes = z
  .object({
    type: z.enum(["smartwatch", "sports watch", "fitness tracker", "hybrid watch"]),
    osCompatibility: z.array(PhoneOs).min(1),
    gps: z.enum(["built-in", "connected", "none"]),
    batteryLifeHours: z.number().int().positive(),
    sensors: z.array(WatchSensor).min(1),
    waterRating: WaterRating,
    /** The depth the rating stands for, metres (IP68: 1.5). */
    waterResistanceM: z.number().nonnegative(),
    display: z.enum(["OLED", "AMOLED", "MIP", "LCD", "analog with OLED"]),
    caseSizeMm: z.number().int().positive(),
    caseMaterial: z.enum(["aluminum", "stainless steel", "titanium", "plastic", "fiber-reinforced polymer"]),
    bandMaterial: z.enum(["silicone", "fluoroelastomer", "nylon", "leather", "stainless steel", "titanium"]),
    bandSwappable: z.boolean(),
    cellular: z.boolean(),
    contactlessPayments: z.boolean(),
    color: z.string().min(2),
    colorHex: HexColor,
  })
  .strict();
export type WatchAttributes = z.infer<typeof WatchAttributes>;

export const GamePlatform = z.enum(["Nintendo Switch", "PlayStation 5", "Xbox Series X|S", "PC", "Tabletop"]);
export type GamePlatform = z.infer<typeof GamePlatform>;

export const GameMode = z.enum(["single-player", "local multiplayer", "online multiplayer", "co-op"]);
export type GameMode = z.infer<typeof GameMode>;

/** The normalised attributes of a video game or tabletop game. */
export const GameAttributes = z
  .object({
    platform: GamePlatform,
    genre: z.string().min(2),
    /** ESRB for video games (E, E10+, T, M), the box's "Ages N+" for tabletop games. */
    ageRating: z.string().min(1),
    /** The youngest player the rating allows, years. */
    minAge: z.number().int().nonnegative(),
    playersMin: z.number().int().positive(),
    playersMax: z.number().int().positive(),
    modes: z.array(GameMode).min(1),
    themes: z.array(z.string().min(2)),
    boxHex: HexColor,
  })
  .strict();
export type GameAttributes = z.infer<typeof GameAttributes>;
