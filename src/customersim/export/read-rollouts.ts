import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseData } from "../../core/data-file.js";
import { ConversationResult } from "../chat/index.js";

/** Conversations from a JSON array or a JSONL file, each validated (errors name the file and field). */
export function readRollouts(file: string): ConversationResult[] {
  const text = readFileSync(file, "utf8");
  const trimmed = text.trim();
  let raw: unknown;
  try {
    raw = trimmed.startsWith("[")
      ? JSON.parse(trimmed)
      : trimmed
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l));
  } catch (err) {
    throw new Error(`${file}: not JSON or JSONL (${(err as Error).message})`);
  }
  return parseData(file, raw, z.array(ConversationResult));
}
