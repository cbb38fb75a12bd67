// Node 20 ships a sentence segmenter (ICU); the locale is fixed so results do not depend on the host.
const SEGMENTER = new Intl.Segmenter("en", { granularity: "sentence" });

/** The sentences of a text (Intl.Segmenter, granularity "sentence"), trimmed, empty ones dropped. */
export function splitSentences(text: string): string[] {
  return [...SEGMENTER.segment(text)].map((s) => s.segment.trim()).filter((s) => s.length > 0);
}

/**
 * The TF-IDF terms of a text: lower-cased runs of two or more letters, digits or underscores, the
 * default `token_pattern` of scikit-learn's TfidfVectorizer (`(?u)\b\w\w+\b`) that such analyses use.
 */
export function termTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? []).slice();
}

/** Words with their contractions kept whole ("i'm", "don't"), lower-cased, curly apostrophes made straight. */
export function wordTokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}$]+(?:'[\p{L}]+)*/gu) ?? []
  ).slice();
}
