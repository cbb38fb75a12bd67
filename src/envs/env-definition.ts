import type { z } from "zod";
import type { Layout } from "../core/layout.js";
import type { Product } from "../core/product.js";
import type { EnvData } from "./env-data.js";

/** How a store's shopper inspects an item and decides on it (paper Appendix B.2). */
export interface InspectionRules {
  /**
   * `hold`: the shopper picks one item up (into an empty hand), then adds the held item to the cart or
   * drops it. `check`: the shopper checks items in view, then adds or declines a checked one.
   */
  mode: "hold" | "check";
  /** The tool that inspects (`pick_up_item`, `check_item`); it reveals the item's details. */
  tool: string;
  /** The tool that turns an inspected item down (`drop_item`, `do_not_add_to_cart`). */
  declineTool: string;
  /** How near an item must be to inspect it, metres. */
  reachM: number;
}

/**
 * Everything siturec needs to know about one store, in one object: the only place that knows which
 * store it is. Everything else (world, agents, render, tasks, evaluation, command line) looks the
 * definition up by id and reads its fields, so a new store is a folder under `src/envs/` with its
 * data and a definition registered in `src/envs/registry.ts`.
 */
export interface EnvDefinition {
  /** The store's id, as runs, tasks, trajectories and the command line name it (kebab-case). */
  id: string;
  /** Its name in tables and charts, e.g. "Home Furnishings Store". */
  displayName: string;
  /** How prompts name it, e.g. "a supermarket". */
  promptName: string;
  /** Two letters that its product, instance, profile and task ids start with (`sm-042`, `sm-07.2`). */
  idPrefix: string;
  /** The kind of product it sells (which product schema and label facets apply). */
  productKind: Product["kind"];
  /**
   * Its folder: `data/` (the five environment files and `tasks.json`), `spec/` (`roles.json`,
   * `needs.json`; the authored product spec when it has a generator) and `prompts/` (`assistant.md`
   * and `shopper.md`, its scene rules for the model-backed policies).
   */
  dir: string;
  /** The shopper's tools: name → argument schema (strict zod objects), in the order prompts list them. */
  tools: Readonly<Record<string, z.ZodObject>>;
  inspection: InspectionRules;
  /** Tools that move to a named navigation target (the targeted local-navigation events of LNSR). */
  targetedTools: readonly string[];
  /** The assistant's `Navigate` annotation: its fields besides `type` (strict). */
  navigateSchema: z.ZodObject;
  /** How the assistant's fixed target handles are numbered, in words for its prompt. */
  assistantHandleText: string;
  /** The same for the shopper's handles, in words for its prompt. */
  shopperHandleText: string;
  /** Whether seeing a product shown in a destination (a display area) counts as seeing the destination (CGV). */
  goalShownByProducts: boolean;
  /** Minimap scale, pixels per metre. */
  minimapScale: number;
  /** Generates the data files from the authored spec (seeded; `npm run data:generate`). */
  generate?: () => Promise<EnvData>;
  /**
   * Its data folder when that is not `<dir>/data`: a store generated at run time makes the folder on
   * first use (its data files, then its task bank) and returns it.
   */
  dataDir?: () => string;
  /**
   * The seed its task bank is generated with when its data folder holds none yet (a store generated at
   * run time); the built-in stores' banks are checked-in files.
   */
  taskSeed?: number;
  /**
   * Generates a seeded variant of the store (`supermarket@7`, `src/envs/variants/`): another floor plan
   * of the same catalog. Only registered stores have variants.
   */
  generateVariant?: (seed: number) => EnvData;
  /** Facts about a floor plan for `siturec envs stats`, e.g. its aisles (the store's own words). */
  layoutFacts?: (layout: Layout) => Record<string, string | number>;
}
