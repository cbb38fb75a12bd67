import type { Label, LabelFacet } from "../../core/label.js";
import type { NeedSpec } from "../../tasks/role-spec.js";

/**
 * Plain-language reading for the built-in agents: budgets, attribute labels (with negation),
 * need families, names of products and places, and simple instructions. Keyword rules, written to
 * be read; they are tuned to understand any reasonable phrasing, not only the built-in agents'.
 */

export function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/(?<!\d)\.|\.(?!\d)/g, " ")
    .replace(/[^a-z0-9$.&'-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
}

const STOP = new Set(
  "a an the some of for to and or with my our your it its in on at be is are this that i me we you".split(
    " ",
  ),
);

export function contentWords(text: string): string[] {
  return normalize(text)
    .split(" ")
    .map((w) => w.replace(/[^a-z0-9&-]/g, ""))
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => w.replace(/(ies)$/, "y").replace(/(?<=[a-z]{3})s$/, ""));
}

/** The amount of a budget mentioned in the text ("$6", "6 dollars", "under 120"), if any. */
export function findBudget(text: string): number | undefined {
  const t = text.toLowerCase().replace(/,/g, "");
  const m =
    /\$\s?(\d+(?:\.\d+)?)/.exec(t) ??
    /(\d+(?:\.\d+)?)\s*(?:dollars|bucks|usd)\b/.exec(t) ??
    /\b(?:budget|spend|under|below|at most|up to|no more than)\b[^0-9]{0,20}(\d+(?:\.\d+)?)/.exec(t);
  return m ? Number(m[1]) : undefined;
}

const ALLERGEN_WORDS: Record<string, string[]> = {
  milk: ["dairy", "milk", "lactose"],
  egg: ["egg", "eggs"],
  wheat: ["wheat"],
  soy: ["soy", "soya"],
  peanut: ["peanut", "peanuts"],
  "tree-nut": ["tree nut", "tree nuts", "almonds", "walnuts", "cashews", "pecans", "hazelnuts"],
  fish: ["fish"],
  shellfish: ["shellfish", "shrimp", "crab", "lobster"],
  sesame: ["sesame"],
};

const DIETARY_FORMS: Record<string, string[]> = {
  "no-sugar-added": ["no added sugar", "no sugar added", "no-sugar-added"],
  "non-gmo": ["non-gmo", "non gmo"],
  "low-sodium": ["low in sodium", "low sodium", "low-sodium"],
  "low-fat": ["low in fat", "low fat", "low-fat"],
  "low-sugar": ["low in sugar", "low sugar", "low-sugar"],
  "high-protein": ["high in protein", "high protein", "high-protein", "protein-packed"],
  "high-fiber": ["high in fiber", "high fiber", "high-fiber"],
  "whole-grain": ["whole grain", "whole-grain"],
};

const PACKAGING_FORMS: Record<string, string[]> = {
  resealable: ["resealable"],
  "single-serve": ["single-serve", "single serve", "individual portions"],
  "family-size": ["family-size", "family size"],
  multipack: ["multipack", "multi-pack"],
  glass: ["glass"],
  microwavable: ["microwavable", "microwave"],
  refill: ["refill"],
  pods: ["pods"],
  squeeze: ["squeeze bottle"],
  "spray-bottle": ["spray bottle", "spray-bottle"],
  can: ["in a can", "canned"],
  jar: ["in a jar", "jarred"],
  jug: ["in a jug"],
  pouch: ["pouch"],
  cup: ["individual cups"],
};

const SIZE_FORMS: Record<string, string[]> = {
  small: ["compact", "small", "too small"],
  medium: ["medium-sized", "medium sized", "medium"],
  large: ["large", "bulky", "big"],
};

/** Every way the text may name a label, longest first. */
export class LabelLexicon {
  private readonly forms: { label: Label; form: string }[] = [];

  constructor(vocabulary: ReadonlyMap<string, ReadonlySet<string>>) {
    const add = (facet: LabelFacet, value: string, forms: string[]) => {
      for (const form of forms) this.forms.push({ label: { facet, value }, form: ` ${form.trim()} ` });
    };
    for (const [facet, values] of vocabulary) {
      for (const value of values) {
        const f = facet as LabelFacet;
        const spaced = value.replace(/-/g, " ");
        if (f === "dietary") add(f, value, DIETARY_FORMS[value] ?? [value, spaced]);
        else if (f === "allergen") add(f, value, ALLERGEN_WORDS[value] ?? [value]);
        else if (f === "packaging") add(f, value, PACKAGING_FORMS[value] ?? [value]);
        else if (f === "size") add(f, value, SIZE_FORMS[value] ?? [value]);
        else add(f, value, value === spaced ? [value] : [value, spaced]);
      }
    }
    this.forms.sort((a, b) => b.form.length - a.form.length);
  }

  /**
   * Labels the text asks for and labels it refuses. A clause with a negation ("nothing", "no",
   * "not", "without", "avoid", "free of", "can't") refuses what it names; allergens only count when
   * refused; dietary tags always count as wanted ("dairy-free" is wanted, not refused).
   */
  read(text: string): { required: Label[]; unwanted: Label[] } {
    const required: Label[] = [];
    const unwanted: Label[] = [];
    const seen = new Set<string>();
    for (const clause of text.split(/[.;!?]|,\s*(?:but|and)\b|\bbut\b/i)) {
      let c = normalize(clause);
      const negated =
        /\b(nothing|no|not|without|avoid|free of|can't|cannot|don't|isn't|allergic|contains?|containing)\b/.test(
          c,
        );
      for (const { label, form } of this.forms) {
        if (!c.includes(form)) continue;
        c = c.split(form).join(" ");
        const key = `${label.facet}:${label.value}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (label.facet === "dietary") required.push(label);
        else if (label.facet === "allergen") {
          if (negated) unwanted.push(label);
        } else if (negated) unwanted.push(label);
        else required.push(label);
      }
    }
    return { required, unwanted };
  }
}

/** Where a clause starts refusing something. */
const REFUSAL = /\b(nothing|no|not|without|avoid|free of|can't|don't|containing)\b/i;

/** The need family a text most likely asks about: phrase matches first, then shared words. */
export function findFamily(
  text: string,
  needs: readonly NeedSpec[],
): { need: NeedSpec; score: number; phrases: number } | undefined {
  // What a shopper refuses ("nothing containing eggs") says nothing about what it wants, but what it
  // says before the refusal does ("a tall lamp for a corner with no ceiling light").
  const kept = text
    .split(/[.;!?]/)
    .map((c) => c.slice(0, REFUSAL.exec(c)?.index ?? c.length))
    .join(". ");
  const t = normalize(kept);
  const words = new Set(contentWords(kept));
  let best: { need: NeedSpec; score: number; phrases: number } | undefined;
  for (const need of needs) {
    let score = 0;
    let phrases = 0;
    for (const phrase of [...need.nouns, ...need.uses]) {
      if (t.includes(normalize(phrase))) {
        score += 10;
        phrases++;
      }
    }
    for (const c of [need.name, ...need.categories]) {
      if (t.includes(normalize(c))) score += 6;
      for (const w of contentWords(c)) if (words.has(w)) score += 2;
    }
    const own = new Set([...need.nouns, ...need.uses].flatMap(contentWords));
    for (const w of words) if (own.has(w)) score += 1;
    if (!best || score > best.score) best = { need, score, phrases };
  }
  return best && best.score >= 3 ? best : undefined;
}

/** How strongly a text names something: the share of its name's words the text contains. */
export function nameMatch(text: string, name: string): number {
  const t = normalize(text);
  if (t.includes(normalize(name))) return 1;
  const words = contentWords(name);
  if (!words.length) return 0;
  const have = new Set(contentWords(text));
  return words.filter((w) => have.has(w)).length / words.length;
}

export interface Instruction {
  turn?: { direction: "left" | "right"; angle: number };
  /** A turn followed by a walk ("turn left about 90 degrees and walk about 2 metres"). */
  turnAndMove?: { direction: "left" | "right"; angle: number; distance: number };
  look?: { direction: "up" | "down"; angle: number };
  step?: { direction: "left" | "right"; distance: number };
  forward?: number;
  approach?: "front" | "back" | "nearest" | "inside_doorway" | "outside_doorway";
}

/** Movement instructions in an utterance: turns, looking, side steps, walking ahead, approach sides. */
export function findInstruction(text: string): Instruction {
  const t = text.toLowerCase();
  const out: Instruction = {};
  const turn = /turn (?:around|back)|behind you/.exec(t)
    ? { direction: "left" as const, angle: 180 }
    : (() => {
        const m = /turn(?:ing)? (?:to (?:your|the) )?(left|right)(?:[^.]{0,20}?(\d+)\s*(?:°|degrees))?/.exec(
          t,
        );
        return m ? { direction: m[1] as "left" | "right", angle: m[2] ? Number(m[2]) : 45 } : undefined;
      })();
  if (turn) out.turn = turn;
  const look = /look (up|down)(?:[^.]{0,20}?(\d+)\s*(?:°|degrees))?/.exec(t);
  if (look) out.look = { direction: look[1] as "up" | "down", angle: look[2] ? Number(look[2]) : 20 };
  const step =
    /step (?:to (?:your|the) )?(left|right)(?:[^.]{0,20}?(\d+(?:\.\d+)?)\s*(?:m|metres|meters))?/.exec(t);
  if (step) out.step = { direction: step[1] as "left" | "right", distance: step[2] ? Number(step[2]) : 1 };
  const fwd =
    /(?:walk|go|move|head) (?:straight |forward |ahead )+(?:about |around )?(\d+(?:\.\d+)?)\s*(?:m|metres|meters)/.exec(
      t,
    );
  if (fwd) out.forward = Number(fwd[1]);
  const tm =
    /turn (left|right)(?:[^.]{0,20}?(\d+)\s*(?:°|degrees))?[^.]{0,12}? and (?:then )?(?:walk|go|move) (?:about |around |forward )*(\d+(?:\.\d+)?)\s*(?:m|metres|meters)/.exec(
      t,
    );
  if (tm) {
    out.turnAndMove = {
      direction: tm[1] as "left" | "right",
      angle: tm[2] ? Number(tm[2]) : 45,
      distance: Number(tm[3]),
    };
    delete out.turn;
  }
  if (/\binside\b/.test(t)) out.approach = "inside_doorway";
  else if (/\boutside\b|\bentrance of\b|\bstorefront\b/.test(t)) out.approach = "outside_doorway";
  else if (/\bfront (?:side )?of\b|\bfront side\b/.test(t)) out.approach = "front";
  else if (/\bback (?:side )?of\b|\bback side\b|\bother side\b/.test(t)) out.approach = "back";
  return out;
}

/** What an utterance asks the shopper about. */
export function findQuestions(text: string): {
  budget: boolean;
  avoid: boolean;
  needs: boolean;
  anythingElse: boolean;
  confirm: boolean;
} {
  const t = text.toLowerCase();
  const asks = t.includes("?");
  return {
    budget: asks && /budget|price range|how much|spend|afford/.test(t),
    avoid: asks && /avoid|allerg|don't want|do not want|rather not|dislike|stay away/.test(t),
    needs:
      asks &&
      /prefer|preference|looking for|need|must|important|requirement|kind of|what sort|what type|flavou?r|style|colou?r|material|size/.test(
        t,
      ),
    anythingElse:
      asks && /anything else|any other|else i should|other (?:needs|requirements)|that all/.test(t),
    confirm:
      asks &&
      /add it to (?:your|the) cart|shall (?:i|we) add|ready to (?:buy|add)|want to take it|go ahead and add/.test(
        t,
      ),
  };
}
