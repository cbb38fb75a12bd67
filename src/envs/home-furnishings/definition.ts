import { fileURLToPath } from "node:url";
import { parseData } from "../../core/data-file.js";
import { NAVIGATE_BY_WAYPOINT } from "../common/navigate-schemas.js";
import { SHARED_TOOLS, STORE_AND_CHECK_TOOLS } from "../common/shopper-tools.js";
import type { EnvDefinition } from "../env-definition.js";
import { readSpec } from "../read-spec.js";
import { generateHomeFurnishings } from "./generate/index.js";
import { generateHomeFurnishingsVariant } from "./generate/variant.js";
import { hallLayoutFacts } from "./layout-facts.js";
import { FurnitureSpec } from "./spec/furniture-spec.js";

const dir = fileURLToPath(new URL("./", import.meta.url));

/** The home-furnishings store: stores with display areas off a promenade; items are checked where they stand. */
export const homeFurnishings: EnvDefinition = {
  id: "home-furnishings",
  displayName: "Home Furnishings Store",
  promptName: "a home-furnishings store",
  idPrefix: "hf",
  productKind: "furniture",
  dir,
  tools: { ...SHARED_TOOLS, ...STORE_AND_CHECK_TOOLS },
  inspection: { mode: "check", tool: "check_item", declineTool: "do_not_add_to_cart", reachM: 3.0 },
  targetedTools: ["move_to_store", "move_to_area"],
  navigateSchema: NAVIGATE_BY_WAYPOINT,
  assistantHandleText: "stores are numbered (1, 2, …) and their areas numbered with a letter (1a, 1b, …)",
  shopperHandleText: "stores are lettered A, B, …, and their display areas lettered with a number: A1, A2, …",
  goalShownByProducts: true,
  minimapScale: 12,
  generate: async () => {
    const { file, raw } = readSpec(dir, "products.json");
    return generateHomeFurnishings(parseData(file, raw, FurnitureSpec));
  },
  generateVariant: (seed) => {
    const { file, raw } = readSpec(dir, "products.json");
    return generateHomeFurnishingsVariant(parseData(file, raw, FurnitureSpec), seed);
  },
  layoutFacts: hallLayoutFacts,
};
