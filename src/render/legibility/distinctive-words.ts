import { PACKAGING_COMMONPLACES as COMMON } from "../scene/hero-word.js";

/** The words of a name, lower-case letters only (accents dropped), in order. */
export function wordsOf(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * The words of a product's name that show it was read: at least four letters, not a packaging
 * commonplace, and not in the name of another product in the same view (reading "chocolate" on a
 * shelf of chocolate proves nothing about which one). Falls back to the name's longest word when
 * none is left, so every product can be counted.
 */
export function distinctiveWords(name: string, neighbours: string[]): string[] {
  const taken = new Set(neighbours.flatMap(wordsOf));
  const words = [...new Set(wordsOf(name))];
  const good = words.filter((w) => w.length >= 4 && !COMMON.has(w) && !taken.has(w));
  if (good.length) return good;
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  return longest ? [longest] : [];
}

/** Levenshtein distance, capped: enough to forgive one misread letter in a long word. */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return false;
    prev = row;
  }
  return prev[b.length]! <= max;
}

/**
 * Whether OCR output contains `word`: exactly, or with a letter in four wrong for words of six or
 * more (tesseract's English model misreads letters such as Å and Ä that a reader, or a VLM, does not).
 */
export function wasRead(word: string, ocrWords: string[]): boolean {
  const slack = Math.floor(word.length / 4);
  return ocrWords.some((t) => t === word || (word.length >= 6 && within(t, word, slack)));
}
