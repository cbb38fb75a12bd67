import type { GuideEntry } from "../schema/guide.js";

/** Lines of the salesbot guide that are a retailer's navigation, not guidance. */
const NAVIGATION = [/^\(click here/i, /^Shop Laptops at/i, /Quick Reference Handout$/i];
const MAX_CHARS = 1200;

const isHeading = (line: string) => line.length < 60 && !/[.!]$/.test(line);

/**
 * salesbot's laptop guide (one text) as retrievable entries: each heading with its paragraphs,
 * long sections split at sentence ends into parts of at most ~1,200 characters.
 */
export function laptopGuideEntries(text: string): GuideEntry[] {
  const sections: { title: string; paragraphs: string[] }[] = [{ title: "Why a laptop", paragraphs: [] }];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || NAVIGATION.some((n) => n.test(line))) continue;
    if (isHeading(line)) sections.push({ title: line, paragraphs: [] });
    else sections.at(-1)!.paragraphs.push(line);
  }
  const parts = sections.flatMap((s) =>
    chunk(s.paragraphs.join(" ")).map((body, i, all) => ({
      title: all.length > 1 ? `${s.title} (part ${i + 1})` : s.title,
      text: body,
    })),
  );
  return parts
    .filter((p) => p.text.length >= 20)
    .map((p, i) => ({ id: `lt-g${String(i + 1).padStart(2, "0")}`, ...p }));
}

function chunk(text: string): string[] {
  const sentences = text.match(/[^.!?]+[.!?]+["”’)]*\s*|[^.!?]+$/g) ?? [];
  const out: string[] = [];
  let current = "";
  for (const s of sentences) {
    if (current && current.length + s.length > MAX_CHARS) {
      out.push(current.trim());
      current = "";
    }
    current += s;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
