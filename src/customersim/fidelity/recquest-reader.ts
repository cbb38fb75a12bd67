import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.js";
import type { CategoryId } from "../schema/category.js";
import { type FidelityOptions, type FidelityReport, measureFidelity } from "./fidelity-report.js";
import type { ShopperDialogue } from "./shopper-dialogue.js";

/** One message of a RecQuest dialogue file (Kostric et al.): `human` is the shopper. */
export const RecQuestMessage = z
  .object({
    role: z.enum(["human", "ai", "system"], "role must be one of human, ai, system"),
    content: z.string("content must be a string"),
  })
  .loose();

/** The fields of a RecQuest dialogue file that the baseline reads; the others are ignored. */
export const RecQuestDialogue = z
  .object({
    domain: z.string().min(1, "domain must not be empty").optional(),
    completed: z.boolean("completed must be true or false").optional(),
    messages: z.array(RecQuestMessage, "messages must be a list of {role, content}"),
  })
  .loose();
export type RecQuestDialogue = z.infer<typeof RecQuestDialogue>;

export interface RecQuestReadOptions {
  /** Keep only dialogues whose `completed` is true (default false: every dialogue). */
  completedOnly?: boolean;
}

/** The folder of dialogue files: `dir` itself, or `dir/data/dialogues` for the dataset's root. */
function dialogueFolder(dir: string): string {
  const nested = join(dir, "data", "dialogues");
  const hasJson = readdirSync(dir).some((f) => f.endsWith(".json"));
  return !hasJson && existsSync(nested) ? nested : dir;
}

/**
 * RecQuest's domains that are CustomerSim categories (RecQuest: bicycle, digital_camera, laptop,
 * running_shoes, smartwatch). Clothing and games have no RecQuest counterpart.
 */
export const RECQUEST_CATEGORY: Readonly<Record<string, CategoryId>> = {
  laptop: "laptops",
  smartwatch: "smart-watches",
};

/** The category a RecQuest domain is measured under: its CustomerSim category, else the domain itself. */
export const recQuestCategory = (domain: string | undefined): string =>
  domain === undefined ? "all" : (RECQUEST_CATEGORY[domain] ?? domain);

/**
 * The human shopper turns of every RecQuest dialogue file in a folder, sorted by file name. Each
 * file is validated; a bad one throws a DataFileError naming the file and the field. Dialogues
 * without a human turn are skipped; the category is the CustomerSim category of the file's `domain`
 * (`RECQUEST_CATEGORY`), else the domain, or "all" without one.
 */
export function readRecQuestDialogues(dir: string, options: RecQuestReadOptions = {}): ShopperDialogue[] {
  const folder = dialogueFolder(dir);
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .sort();
  if (!files.length) throw new Error(`${dir}: no RecQuest dialogue files (*.json)`);
  return files.flatMap((f) => {
    const d = readDataFile(join(folder, f), RecQuestDialogue);
    if (options.completedOnly && d.completed !== true) return [];
    const shopperTurns = d.messages.filter((m) => m.role === "human").map((m) => m.content);
    return shopperTurns.length
      ? [{ id: basename(f, ".json"), category: recQuestCategory(d.domain), shopperTurns }]
      : [];
  });
}

/** Crit., %Cpl. and Red. of RecQuest's human shoppers: the human baseline of Table 3. */
export function measureRecQuestBaseline(
  dir: string,
  options: RecQuestReadOptions & Omit<FidelityOptions, "human"> = {},
): Promise<FidelityReport> {
  return measureFidelity(readRecQuestDialogues(dir, options), options);
}
