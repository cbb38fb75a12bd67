import type { Rng } from "../core/random.js";

export type Opening = "category" | "use" | "both";

/**
 * Opening requests in a shopper's words. `{noun}` is the need family's noun phrase ("a breakfast
 * cereal"), `{use}` its purpose ("for quick weekday breakfasts"). Templates marked `forOnly` read
 * well only with purposes that start with "for".
 */
const TEMPLATES: Record<Opening, { text: string; forOnly?: boolean }[]> = {
  category: [
    { text: "I'm looking for {noun}." },
    { text: "Do you have {noun}?" },
    { text: "Where would I find {noun}?" },
    { text: "Could you help me find {noun}?" },
    { text: "I need {noun}." },
    { text: "I'm after {noun}." },
    { text: "I'd like to pick up {noun}." },
    { text: "Can you point me to {noun}?" },
    { text: "I want to buy {noun} today." },
    { text: "Hi, I'm trying to find {noun}." },
    { text: "I came in for {noun}." },
    { text: "I'm hoping to get {noun} today." },
  ],
  use: [
    { text: "I need something {use}." },
    { text: "Can you help me find something {use}?" },
    { text: "I'm after something {use}." },
    { text: "I'm trying to find something {use}." },
    { text: "What do you have {use}?" },
    { text: "I'd like something {use}." },
    { text: "Could you suggest something {use}?" },
    { text: "Hi, I'm looking for something {use}." },
    { text: "Is there anything here {use}?" },
    { text: "I want to find something {use} today." },
  ],
  both: [
    { text: "I'm looking for {noun} {use}." },
    { text: "I need {noun} {use}." },
    { text: "Could you help me find {noun} {use}?" },
    { text: "Do you have {noun} {use}?" },
    { text: "I'd like {noun} {use}." },
    { text: "I'm hoping to find {noun} {use}." },
    { text: "Hi! I need {noun} {use}." },
    { text: "I want to pick up {noun} {use}." },
    { text: "I need {noun}; it's {use}.", forOnly: true },
    { text: "I'm after {noun} — it's {use}.", forOnly: true },
    { text: "Can you help me pick {noun}? It's {use}.", forOnly: true },
  ],
};

function fill(template: string, noun: string, use: string): string {
  const text = template.replace("{noun}", noun).replace("{use}", use);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Splits a request into sentences, the unit that must not repeat across a task bank. */
export function sentences(text: string): string[] {
  return (text.match(/[^.?!]+[.?!]+/g) ?? [text]).map((s) => s.trim()).filter(Boolean);
}

/**
 * A request no other task in the bank has used: seeded draws over templates, nouns and uses,
 * skipping any whose sentences were already taken. Returns undefined if every combination is taken.
 */
export function composeRequest(
  opening: Opening,
  nouns: readonly string[],
  uses: readonly string[],
  taken: ReadonlySet<string>,
  rng: Rng,
): { request: string; noun: string; use: string } | undefined {
  const combos: { request: string; noun: string; use: string }[] = [];
  for (const t of TEMPLATES[opening]) {
    for (const noun of nouns) {
      for (const use of uses) {
        if (t.forOnly && !use.startsWith("for ")) continue;
        combos.push({ request: fill(t.text, noun, use), noun, use });
      }
    }
  }
  const unique = new Map(combos.map((c) => [c.request, c]));
  return rng.shuffle([...unique.values()]).find((c) => sentences(c.request).every((s) => !taken.has(s)));
}
