import { describe, expect, it } from "vitest";
import { loadCustomerSimData } from "./data-files.js";
import { NEEDS } from "./personas/build-personas.js";
import { Fit } from "./schema/apparel.js";
import { CATEGORY_IDS } from "./schema/category.js";

/**
 * An article that is wrong whoever reads it: "a" before a vowel sound that is not a "w"/"y" sound,
 * "an" before a consonant that is not a silent h or an acronym's letter said with a vowel ("an HP").
 * Words starting with u or h are left alone, since either article can be right before them.
 */
function articleError(article: string, word: string): boolean {
  const an = article.toLowerCase() === "an";
  if (/^\d/.test(word)) return an !== /^(8|11(?!\d)|18(?!\d))/.test(word);
  if (/^[uh]/i.test(word)) return false;
  if (/^[A-Z]{2,}/.test(word)) return an !== /^[AEIOFLMNRSX]/.test(word);
  const vowel = /^[aeio]/i.test(word) && !/^(one|once|eu|ewe)/i.test(word);
  return an !== vowel;
}

/** Every article error of a text, as "a oversized". */
function articleErrors(text: string): string[] {
  return [...text.matchAll(/(?<![\w'-])(an?|An?) ([\w-]+)/g)]
    .filter((m) => articleError(m[1]!, m[2]!))
    .map((m) => m[0]);
}

/** A word said twice in a row ("streetwear wear" has none; "game game" has one), but in `allowed`. */
function repeatedWords(text: string, allowed = ""): string[] {
  return [...text.matchAll(/\b(\w+)\s+\1\b/gi)].map((m) => m[0]).filter((m) => !allowed.includes(m));
}

const data = loadCustomerSimData();
const slugs = new Set([
  ...CATEGORY_IDS,
  ...CATEGORY_IDS.flatMap((c) => NEEDS[c].map((n) => n.id)),
  ...data.knowledge.categories.flatMap((k) => k.properties.map((p) => p.id)),
  ...data.catalog.products.flatMap((p) => Object.keys(p.attributes)),
  ...Fit.options.map((f) => `${f}-fit`),
]);
/** Machine identifiers in prose: hyphenated or camelCase names the data uses as keys. */
const slugsIn = (text: string) =>
  (text.match(/\b[A-Za-z]+(?:-[A-Za-z]+)+\b|\b[a-z]+[A-Z]\w*\b/g) ?? []).filter((t) => slugs.has(t));

const personaTexts = data.personas.personas.flatMap((p) =>
  [
    ...(p.origin.startsWith("salessim:") ? [] : [p.background]),
    p.shoppingFor,
    p.knowledge,
    p.speakingStyle,
    ...p.dealbreakers.map((c) => c.text),
    ...p.preferences.map((c) => c.text),
  ].map((text) => ({ where: p.id, text, allowed: "" })),
);
const productTexts = data.catalog.products
  .filter((p) => p.source.dataset === "authored")
  .flatMap((p) => [p.description, ...p.features].map((text) => ({ where: p.id, text, allowed: p.name })));

describe("the wording of the built-in data", () => {
  it("the checks catch the errors they are for and pass good English", () => {
    expect(articleErrors("A oversized-fit tee, a 8-year-old, an game, a AMOLED display")).toEqual([
      "A oversized-fit",
      "a 8-year-old",
      "an game",
      "a AMOLED",
    ]);
    const good = "an hour, a user, a one-off, an HP, a USB hub, an 11-year-old, a 17-inch, an NVIDIA, a Xbox";
    expect(articleErrors(good)).toEqual([]);
    expect(repeatedWords("made for streetwear wear")).toEqual([]);
    expect(repeatedWords("a strategy game game")).toEqual(["game game"]);
    expect(repeatedWords("Hungry Hungry Hippos", "Hungry Hungry Hippos (Tabletop Game)")).toEqual([]);
    expect(slugsIn("An oversized-fit tee for smart-watches fans with allDayBattery")).toEqual([
      "oversized-fit",
      "smart-watches",
      "allDayBattery",
    ]);
  });

  it.each([
    ["personas", personaTexts],
    ["authored products", productTexts],
  ])("%s: no article error, repeated word or identifier in prose", (_, texts) => {
    expect(texts.length).toBeGreaterThan(100);
    const found = texts.flatMap(({ where, text, allowed }) =>
      [...articleErrors(text), ...repeatedWords(text, allowed), ...slugsIn(text)].map(
        (e) => `${where}: ${e}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("product prose says 'streetwear', not 'streetwear wear'", () => {
    expect(productTexts.filter((t) => t.text.includes("streetwear wear"))).toEqual([]);
  });
});
