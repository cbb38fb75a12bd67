import { describe, expect, it } from "vitest";
import { evalContext } from "../eval-context.js";
import { disclosureLexicon, labelDisclosures } from "./label-disclosures.js";

const lexicon = disclosureLexicon({
  ids: ["sm-001", "sm-i0001", "shelf-01", "the-plant", "ap-sofas", "W01"],
  names: ["The Plant", "A1 Steak Sauce", "Sofas & Lounge", "LACK TV Bench, White 90x26x45"],
});
/** The shopper this turn: products 1–3 in view, fixtures A–C and AA, area A1 (fixed). */
const shopper = new Set(["1", "2", "3", "A", "B", "C", "AA", "A1"]);
/** The assistant this turn: products A, B, I and AB in view, fixtures 1–14, area 1a. */
const assistant = new Set(["A", "B", "I", "AB", "1", "2", "3", "4", "14", "1a"]);
const spoken = (utterance: string, handles: Set<string>) =>
  labelDisclosures(utterance, handles, lexicon).map((d) => d.label);

describe("labels spoken in dialogue", () => {
  it("letters and numbers of ordinary speech are not labels", () => {
    for (const u of [
      "I'd like A cheap one",
      "I think A is nice, but I need B vitamins.",
      "I need 2 bags and 3 cans.",
      "It's 3 m ahead; turn 90 degrees, then walk 2 metres.",
      "It costs $3 and it is 2 x 3 kg — 50% off!",
      "Is it a 3-pack? A-frame shelf?",
      "That item is 3 metres away.",
      "Which product? A cheap one, please.",
      "Is there a number of options? No, 3 is enough.",
    ]) {
      expect(spoken(u, shopper), u).toEqual([]);
      expect(spoken(u, assistant), u).toEqual([]);
    }
  });

  it("a short label named as one is a disclosure when it is the speaker's", () => {
    expect(spoken("take item 3", shopper)).toEqual(["3"]);
    expect(spoken("take item 7", shopper)).toEqual([]);
    expect(spoken("Is it on shelf B?", shopper)).toEqual(["B"]);
    expect(spoken("Product A or B?", assistant)).toEqual(["A", "B"]);
    expect(spoken("items 3, 7 and 2 look good", shopper)).toEqual(["3", "2"]);
    expect(spoken("the one labelled #2", shopper)).toEqual(["2"]);
    expect(spoken("item number 3", shopper)).toEqual(["3"]);
    expect(spoken("No. 3 please", assistant)).toEqual(["3"]);
    expect(spoken("Head to fixture 14.", assistant)).toEqual(["14"]);
    expect(spoken("go to aisle 14", assistant)).toEqual(["14"]);
    expect(spoken("go to aisle 14", shopper)).toEqual([]);
    expect(spoken("the marker I shows it", assistant)).toEqual(["I"]);
  });

  it("marked labels count: in brackets, quotes or after #", () => {
    expect(spoken("The one marked (2)", shopper)).toEqual(["2"]);
    expect(spoken("I'll take [1].", shopper)).toEqual(["1"]);
    expect(spoken("Try 'B' over there", assistant)).toEqual(["B"]);
    expect(spoken("Try “C” over there", shopper)).toEqual(["C"]);
    expect(spoken("#4 is it", assistant)).toEqual(["4"]);
    expect(spoken("(2 of them)", shopper)).toEqual([]);
  });

  it("distinctive labels count anywhere, unless a product or place name has the word", () => {
    expect(spoken("Go to A1 please", new Set(["A2", "A1"]))).toEqual([]);
    expect(spoken("Go to B2 please", new Set(["B2"]))).toEqual(["B2"]);
    expect(spoken("Area 1a is there, or 1A", assistant)).toEqual(["1a", "1A"]);
    expect(spoken("Look at AB", assistant)).toEqual(["AB"]);
    expect(spoken("Look at AA", shopper)).toEqual(["AA"]);
    expect(spoken("It's AM or PM", new Set(["AM", "PM"]))).toEqual([]);
    expect(spoken("the LACK TV Bench", new Set(["TV", "LACK"]))).toEqual([]);
  });

  it("catalog, instance and layout ids count anywhere; a layout id spelling a place's name does not", () => {
    expect(spoken("try sm-001 from shelf-01, not SM-I0001", assistant)).toEqual([
      "sm-001",
      "shelf-01",
      "SM-I0001",
    ]);
    expect(spoken("Walk to w01 first", shopper)).toEqual(["w01"]);
    expect(spoken("The Plant is the-plant; ap-sofas is an area", assistant)).toEqual(["ap-sofas"]);
  });

  it("the stores' own lexicons: ids are known, names are words", () => {
    const sm = evalContext("supermarket");
    expect(sm.lexicon.ids.has("sm-001")).toBe(true);
    expect(sm.lexicon.ids.has("shelf-01")).toBe(true);
    expect(sm.lexicon.nameWords.has("Cereal")).toBe(true);
    const hf = evalContext("home-furnishings");
    expect(hf.lexicon.ids.has("light-logic")).toBe(false);
    expect(hf.lexicon.ids.has("li-desks")).toBe(true);
    const fixed = new Set(hf.shopperHandles.keys());
    expect(fixed.has("A1")).toBe(true);
    expect(labelDisclosures("Let's head to Light Logic, then A1.", fixed, hf.lexicon)).toHaveLength(1);
  });
});
