import { fileURLToPath } from "node:url";
import { parseData } from "../../core/data-file.js";
import { NAVIGATE_TO_FIXTURE } from "../common/navigate-schemas.js";
import { FIXTURE_AND_HOLD_TOOLS, SHARED_TOOLS } from "../common/shopper-tools.js";
import type { EnvDefinition } from "../env-definition.js";
import { readSpec } from "../read-spec.js";
import { generateSupermarket } from "./generate/index.js";
import { generateSupermarketVariant } from "./generate/variant.js";
import { supermarketLayoutFacts } from "./layout-facts.js";
import { GrocerySpec } from "./spec/grocery-spec.js";

const dir = fileURLToPath(new URL("./", import.meta.url));

/** The supermarket: fixtures in aisles; the shopper holds one item at a time (paper §3.1). */
export const supermarket: EnvDefinition = {
  id: "supermarket",
  displayName: "Supermarket",
  promptName: "a supermarket",
  idPrefix: "sm",
  productKind: "grocery",
  dir,
  tools: { ...SHARED_TOOLS, ...FIXTURE_AND_HOLD_TOOLS },
  inspection: { mode: "hold", tool: "pick_up_item", declineTool: "drop_item", reachM: 1.6 },
  targetedTools: ["move_to_fixture"],
  navigateSchema: NAVIGATE_TO_FIXTURE,
  assistantHandleText: "fixtures are numbered (1, 2, …)",
  shopperHandleText: "fixtures are lettered A, B, …",
  goalShownByProducts: false,
  minimapScale: 20,
  generate: async () => {
    const { file, raw } = readSpec(dir, "products.json");
    return generateSupermarket(parseData(file, raw, GrocerySpec));
  },
  generateVariant: (seed) => {
    const { file, raw } = readSpec(dir, "products.json");
    return generateSupermarketVariant(parseData(file, raw, GrocerySpec), seed);
  },
  layoutFacts: supermarketLayoutFacts,
};
