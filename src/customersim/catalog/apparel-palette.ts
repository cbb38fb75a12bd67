import type { Style } from "../schema/apparel.js";

/** Colour names and swatches (authored), by the styles they suit. */
export const COLORS: Record<string, string> = {
  Black: "#1c1c1e",
  White: "#f4f4f2",
  Navy: "#24304d",
  Charcoal: "#3e4146",
  "Heather Grey": "#a7a9ad",
  Olive: "#6b6f3a",
  Khaki: "#c3b091",
  Camel: "#c19a6b",
  Burgundy: "#7b2333",
  "Dusty Rose": "#d4a5a5",
  "Sage Green": "#9caf88",
  "Sky Blue": "#8fbfe0",
  "Cobalt Blue": "#2956b2",
  Ivory: "#f3eee0",
  "Forest Green": "#2f5d3a",
  Rust: "#b4552d",
  Mustard: "#d5a431",
  Lavender: "#b9a7d6",
  Coral: "#f08a74",
  "Dark Indigo": "#28324f",
  "Light Wash Blue": "#8aa9c9",
  "Medium Wash Blue": "#4f6f99",
  "Electric Teal": "#17a3a3",
  "Hot Pink": "#e24a8d",
};

export const DENIM_COLORS = ["Dark Indigo", "Medium Wash Blue", "Light Wash Blue", "Black", "White"];

export const STYLE_COLORS: Record<Style, string[]> = {
  casual: [
    "Black",
    "White",
    "Navy",
    "Heather Grey",
    "Olive",
    "Khaki",
    "Dusty Rose",
    "Sage Green",
    "Sky Blue",
    "Rust",
    "Mustard",
    "Ivory",
  ],
  athletic: [
    "Black",
    "Navy",
    "Charcoal",
    "Electric Teal",
    "Hot Pink",
    "Cobalt Blue",
    "Coral",
    "Heather Grey",
    "Lavender",
  ],
  business: ["Black", "Navy", "Charcoal", "Ivory", "Camel", "Burgundy", "White", "Sky Blue"],
  formal: ["Black", "Navy", "Burgundy", "Ivory", "Charcoal"],
  lounge: ["Heather Grey", "Sage Green", "Lavender", "Dusty Rose", "Black", "Ivory", "Navy"],
  outdoor: ["Forest Green", "Olive", "Black", "Navy", "Rust", "Mustard", "Khaki", "Cobalt Blue"],
  streetwear: ["Black", "White", "Olive", "Burgundy", "Charcoal", "Camel"],
};

export const BRANDS: Record<"female" | "male", Record<Style, string[]>> = {
  female: {
    casual: ["Juniper Lane", "Marlow & Reed", "Everly Studio"],
    athletic: ["Solstice Active", "Kinetic Lane"],
    business: ["Atelier Nine", "Harlow & Finch"],
    formal: ["Harlow & Finch", "Atelier Nine"],
    lounge: ["Softhaus", "Juniper Lane"],
    outdoor: ["Northfield Outfitters", "Ridgeline Supply"],
    streetwear: ["Everly Studio", "Copperline"],
  },
  male: {
    casual: ["Foundry & Co.", "Ashcombe", "Marlow & Reed"],
    athletic: ["Stride Athletic", "Kinetic Lane"],
    business: ["Hartwell Tailoring", "Ashcombe"],
    formal: ["Hartwell Tailoring", "Ashcombe"],
    lounge: ["Softhaus", "Foundry & Co."],
    outdoor: ["Ridgeline Supply", "Northfield Outfitters"],
    streetwear: ["Copperline", "Foundry & Co."],
  },
};

export const SIZE_RUNS = {
  female: {
    letter: ["XS", "S", "M", "L", "XL", "XXL"],
    waist: ["24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34"],
    dress: ["0", "2", "4", "6", "8", "10", "12", "14", "16"],
  },
  male: {
    letter: ["XS", "S", "M", "L", "XL", "XXL"],
    waist: ["28", "29", "30", "31", "32", "33", "34", "36", "38", "40"],
    dress: ["36R", "38R", "40R", "42R", "44R", "46R"],
  },
};
