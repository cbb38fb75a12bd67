import type { Label } from "../../core/label.js";
import type { Product } from "../../core/product.js";
import { meetsLabels } from "../../tasks/labels.js";
import type { NeedSpec } from "../../tasks/role-spec.js";
import { findBudget, findFamily, type LabelLexicon, normalize } from "../knowledge/language.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";

const same = (a: Label, b: Label) => a.facet === b.facet && a.value === b.value;

/**
 * What the reference assistant has learned about the shopper's need from the dialogue: the need
 * family, the budget, labels wanted and refused, products turned down and why, and whether the
 * shopper has said everything.
 */
export class Beliefs {
  family?: NeedSpec;
  budget?: number;
  required: Label[] = [];
  unwanted: Label[] = [];
  readonly rejected = new Map<string, string>();
  /** Products the assistant has recommended, in order. */
  readonly recommended: string[] = [];
  /** The shopper has said it has nothing more to add. */
  complete = false;
  /** Shopper replies since the need family became known (each may add a detail). */
  repliesSinceFamily = 0;

  constructor(
    private readonly k: StoreKnowledge,
    private readonly lexicon: LabelLexicon,
  ) {}

  /** Reads one shopper utterance. */
  hear(utterance: string): void {
    let text = utterance;
    // The first mention of a kind of product sets the family; later only a clear phrase changes it.
    const found = findFamily(text, this.k.needs);
    if (found && (!this.family || (found.phrases > 0 && found.need.id !== this.family.id)))
      this.family = found.need;
    else if (this.family) this.repliesSinceFamily++;
    // Phrases naming the family ("for a big family") are not labels: read labels without them.
    if (this.family) {
      for (const phrase of [...this.family.nouns, ...this.family.uses]) {
        text = normalize(text).replace(normalize(phrase), " ");
      }
    }
    const budget = findBudget(utterance);
    if (budget !== undefined) this.budget = budget;
    const { required, unwanted } = this.lexicon.read(text);
    for (const l of required) {
      if (!this.required.some((r) => same(r, l))) this.required.push(l);
      this.unwanted = this.unwanted.filter((u) => !same(u, l));
    }
    for (const l of unwanted) {
      if (!this.unwanted.some((u) => same(u, l))) this.unwanted.push(l);
      this.required = this.required.filter((r) => !same(r, l));
    }
    if (/\b(that's (?:all|everything|it)|nothing else|no,? that's|that is all|nope)\b/i.test(utterance))
      this.complete = true;
  }

  reject(productId: string, why: string): void {
    this.rejected.set(productId, why);
  }

  /** Whether a product fits everything known so far (and was not turned down). */
  fits(p: Product): boolean {
    if (this.rejected.has(p.id)) return false;
    if (this.family && !this.family.categories.includes(p.category)) return false;
    if (this.budget !== undefined && p.price > this.budget + 1e-9) return false;
    return meetsLabels(p, this.required, this.unwanted);
  }

  /**
   * The catalog ranked for this shopper: fitting products first (cheaper first, since a budget is
   * a ceiling the shopper states, not a target), then the family's others by how many known labels
   * they meet, then everything else.
   */
  rank(): Product[] {
    const score = (p: Product) => {
      let s = 0;
      if (this.family?.categories.includes(p.category)) s += 100;
      if (this.fits(p)) s += 1000;
      s += 5 * this.required.filter((l) => meetsLabels(p, [l], [])).length;
      s -= 5 * this.unwanted.filter((l) => !meetsLabels(p, [], [l])).length;
      if (this.budget !== undefined && p.price <= this.budget) s += 10;
      if (this.rejected.has(p.id)) s -= 500;
      return s;
    };
    return [...this.k.products.values()].sort(
      (a, b) => score(b) - score(a) || a.price - b.price || a.id.localeCompare(b.id),
    );
  }

  /** Ready to recommend: the shopper has said everything, or has had a few turns to. */
  ready(turn: number): boolean {
    return !!this.family && (this.complete || this.repliesSinceFamily >= 4 || turn >= 12);
  }
}
