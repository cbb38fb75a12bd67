/**
 * Detects marker labels spoken in dialogue (paper Appendix B.2: neither role may disclose its labels).
 * Labels collide with ordinary speech: the assistant's product labels are letters ("A", "I" are
 * words), the shopper's are numbers ("2 bags"), and fixed handles are small numbers or letters. So a
 * short label counts only in a labelling context, and only a label that is one of the speaker's own
 * handles at that turn; distinctive labels (A1, 1a, AA) and catalog or layout ids count wherever they
 * stand, unless they are also a word of a product, brand or place name.
 */

/** What a store's names and ids are, for telling a label from a word. */
export interface DisclosureLexicon {
  /** Catalog, instance and layout ids no role may speak (lower case). */
  ids: ReadonlySet<string>;
  /** Words of product, brand and place names, as written: a label that is one counts only in context. */
  nameWords: ReadonlySet<string>;
}

export interface Disclosure {
  /** The text that was spoken. */
  label: string;
  kind: "handle" | "id";
  /** Where it starts in the utterance. */
  index: number;
}

/** Words after which a label is being named: "item 3", "product B", "shelf C", "label #4", "area 1a". */
const CONTEXT_WORDS = new Set(
  (
    "label labels labelled labeled marker markers marked mark tag tags tagged handle handles badge badges " +
    "number numbers num id letter item items product products fixture fixtures shelf shelves aisle aisles " +
    "store stores area areas target targets"
  ).split(" "),
);

/** Words that may stand between a context word and its label, or between labels: "item number 3", "A or B". */
const LINKS = new Set(["and", "or", "as", "&"]);

/** Capitalised words and abbreviations that two- or three-letter labels (AA, AB, …) could be. */
const CAPS_WORDS = new Set(
  (
    "AD AH AI AM AN AS AT AW AX AY BE BY DO GO HA HE HI HM IF IN IS IT LA LO ME MY NO OF OH OK ON OR OX SO " +
    "TO UP US WE PM TV PC AC DC ID OZ LB XL XS XXL LED USB BBQ DIY FAQ ASAP AAA"
  ).split(" "),
);

/** What a label looks like: a number, one or two capitals, or a short mix of both (A1, 1a). */
const LABEL_LIKE = /^(?:\d{1,3}|[A-Z]{1,2}|[A-Z]{1,2}\d{1,2}|\d{1,2}[a-z]{1,2})$/;

const OPENERS: Record<string, string> = { "(": ")", "[": "]", '"': '"', "'": "'", "“": "”", "‘": "’" };

interface Token {
  text: string;
  index: number;
  /** The text between the previous token and this one. */
  before: string;
  /** The text between this token and the next one. */
  after: string;
}

function tokens(utterance: string): Token[] {
  const found = [...utterance.matchAll(/[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*/g)];
  return found.map((m, i) => {
    const index = m.index;
    const prevEnd = i > 0 ? found[i - 1]!.index + found[i - 1]![0].length : 0;
    const end = index + m[0].length;
    const nextStart = i + 1 < found.length ? found[i + 1]!.index : utterance.length;
    return {
      text: m[0],
      index,
      before: utterance.slice(prevEnd, index),
      after: utterance.slice(end, nextStart),
    };
  });
}

const hasDigit = (s: string) => /\d/.test(s);
const hasLetter = (s: string) => /[A-Za-z]/.test(s);

/** The handle a token spells: exactly, or in any case when it mixes letters and digits (1A for 1a). */
function handleOf(text: string, handles: ReadonlySet<string>, folded: ReadonlyMap<string, string>) {
  if (handles.has(text)) return text;
  return hasDigit(text) && hasLetter(text) ? folded.get(text.toLowerCase()) : undefined;
}

/** A label that cannot be a word: letters with digits (A1, 1a) or capitals (AA), not a name's word. */
function distinctive(text: string, lexicon: DisclosureLexicon): boolean {
  if (lexicon.nameWords.has(text) || CAPS_WORDS.has(text.toUpperCase())) return false;
  return (hasDigit(text) && hasLetter(text)) || /^[A-Z]{2,}$/.test(text);
}

/** Marked as a label by its surroundings: "#3", "(A)", "[B]", "'4'", "“C”". */
function marked(t: Token): boolean {
  const before = t.before.trimEnd();
  const after = t.after.trimStart();
  if (before.endsWith("#")) return true;
  const opener = before.at(-1);
  return opener !== undefined && OPENERS[opener] !== undefined && after.startsWith(OPENERS[opener]!);
}

/** Words after a number that make it a quantity, not a label: "3 m", "45 degrees", "2 bags". */
const UNITS = new Set(
  (
    "m metre metres meter meters cm mm km degree degrees deg kg g lb lbs oz ml l litre litres liter liters " +
    "pack packs bag bags piece pieces pc pcs x percent dollars dollar usd minute minutes step steps turn turns"
  ).split(" "),
);

/** A quantity or price rather than a label: "$3", "3 m", "2 x 3 kg", "50%". */
function quantity(t: Token, next: Token | undefined): boolean {
  if (!/^\d/.test(t.text)) return false;
  if (/[$£€]$/.test(t.before.trimEnd()) || t.after.trimStart().startsWith("%")) return true;
  return next !== undefined && /^\s*$/.test(t.after) && UNITS.has(next.text.toLowerCase());
}

/**
 * Whether the gap before a token ends the context a word opened: a sentence or clause ends there, or
 * a comma that does not continue a list of labels ("items 3, 4 and 5").
 */
function breaksContext(prev: Token, gap: string, listing: boolean): boolean {
  const abbreviated = /^no$/i.test(prev.text) && gap.startsWith(".");
  return /[!?;:]/.test(gap) || (/\./.test(gap) && !abbreviated) || (gap.includes(",") && !listing);
}

/**
 * The labels an utterance discloses: catalog or layout ids, and the speaker's own handles (`handles`:
 * the labels of its view that turn and its fixed target handles) where they are named as labels.
 */
export function labelDisclosures(
  utterance: string,
  handles: ReadonlySet<string>,
  lexicon: DisclosureLexicon,
): Disclosure[] {
  const folded = new Map([...handles].map((h) => [h.toLowerCase(), h]));
  const found: Disclosure[] = [];
  const all = tokens(utterance);
  let armed = false;
  let listing = false;
  all.forEach((t, i) => {
    if (i > 0 && armed && breaksContext(all[i - 1]!, t.before, listing)) armed = false;
    listing = false;
    const lower = t.text.toLowerCase();
    if (lexicon.ids.has(lower) && (hasDigit(lower) || lexicon.ids.has(t.text))) {
      found.push({ label: t.text, kind: "id", index: t.index });
      return;
    }
    const handle = quantity(t, all[i + 1]) ? undefined : handleOf(t.text, handles, folded);
    if (handle !== undefined && (armed || marked(t) || distinctive(t.text, lexicon))) {
      found.push({ label: t.text, kind: "handle", index: t.index });
      listing = armed;
      return;
    }
    // A label that is none of the speaker's ("items 7 and 2" when 7 is not in view) keeps a list going.
    if (armed && LABEL_LIKE.test(t.text)) listing = true;
    else if (CONTEXT_WORDS.has(lower) || (lower === "no" && t.after.startsWith("."))) armed = true;
    else if (!(armed && LINKS.has(lower))) armed = false;
  });
  return found;
}

/**
 * A store's lexicon: every product, instance and layout id, and the words of its names. A layout id
 * made only of name words (`the-plant` for "The Plant") is left out: speaking the name is no disclosure.
 */
export function disclosureLexicon(store: {
  ids: readonly string[];
  names: readonly string[];
}): DisclosureLexicon {
  const nameWords = new Set(store.names.flatMap((n) => n.match(/[A-Za-z0-9]+/g) ?? []));
  const lowerWords = new Set([...nameWords].map((w) => w.toLowerCase()));
  const ids = store.ids
    .map((id) => id.toLowerCase())
    .filter((id) => hasDigit(id) || !id.split(/[-.]/).every((w) => lowerWords.has(w)));
  return { ids: new Set(ids), nameWords };
}
