import { z } from "zod";

export const CATEGORY_IDS = [
  "female-clothing",
  "male-clothing",
  "laptops",
  "smart-watches",
  "games",
] as const;

/** One of CustomerSim's five product categories (the paper's §2.1). */
export const CategoryId = z.enum(CATEGORY_IDS);
export type CategoryId = z.infer<typeof CategoryId>;

export interface CategoryInfo {
  id: CategoryId;
  /** As the paper's tables name it. */
  label: string;
  /** Product ids are `<prefix>-NNN`, persona ids `<prefix>-pNNN`. */
  prefix: string;
  /** Products in the catalog (468 in all). */
  products: number;
  /** Personas (the paper's Table 5, 360 in all). */
  personas: number;
  /** Personas whose dealbreakers no product meets (15% of each category, rounded). */
  infeasible: number;
}

export const CATEGORIES: Record<CategoryId, CategoryInfo> = {
  "female-clothing": {
    id: "female-clothing",
    label: "Female Clothing",
    prefix: "fc",
    products: 112,
    personas: 73,
    infeasible: 11,
  },
  "male-clothing": {
    id: "male-clothing",
    label: "Male Clothing",
    prefix: "mc",
    products: 104,
    personas: 77,
    infeasible: 12,
  },
  laptops: { id: "laptops", label: "Laptops", prefix: "lt", products: 26, personas: 27, infeasible: 4 },
  "smart-watches": {
    id: "smart-watches",
    label: "Smart Watch",
    prefix: "sw",
    products: 96,
    personas: 83,
    infeasible: 12,
  },
  games: { id: "games", label: "Games", prefix: "gm", products: 130, personas: 100, infeasible: 15 },
};

export const TOTAL_PRODUCTS = 468;
export const TOTAL_PERSONAS = 360;

export const isApparel = (c: CategoryId): c is "female-clothing" | "male-clothing" =>
  c === "female-clothing" || c === "male-clothing";
