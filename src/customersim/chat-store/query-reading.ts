/**
 * How the lexical retriever reads a query: clause by clause (split at . , ; : ! ? and new lines), and
 * a word after a negation in its clause is negated: "Nothing rated M (Mature)", "No polyester", "not a
 * fitness band" ask for none of those words, and BM25 would otherwise rank them first.
 */
const NEGATIONS = new Set([
  "no",
  "not",
  "nothing",
  "none",
  "nor",
  "without",
  "avoid",
  "never",
  "except",
  "cannot",
  "cant",
  "dont",
  "doesnt",
  "isnt",
  "wont",
]);

export interface QueryWord {
  word: string;
  negated: boolean;
}

/** The query's words, lowercase, one list per clause, each marked negated or not. */
export function queryClauses(query: string): QueryWord[][] {
  return query
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[.,;:!?\n]+/)
    .map((clause) => {
      let negated = false;
      return clause
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((word) => {
          const out = { word, negated };
          if (NEGATIONS.has(word)) negated = true;
          return out;
        });
    })
    .filter((words) => words.length > 0);
}

/** The words a lexical search should look for: the query without its negated words (and negations). */
export function searchedText(query: string): string {
  return queryClauses(query)
    .flatMap((words) => words.filter((w) => !w.negated && !NEGATIONS.has(w.word)).map((w) => w.word))
    .join(" ");
}
