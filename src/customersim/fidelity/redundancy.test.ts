import { describe, expect, it } from "vitest";
import { peerSimilarities, sampleSlices } from "./redundancy.js";
import { cosine, tfidfVectors } from "./tfidf.js";

// Two documents "aa bb" and "aa cc": idf(aa) = ln(3/3) + 1 = 1, idf(bb) = idf(cc) = ln(3/2) + 1 = 1.405465;
// cosine = 1 / (1 + 1.405465²) = 0.336097.
const HAND = 0.336097;

describe("TF-IDF and Red.", () => {
  it("weights terms like scikit-learn's defaults", () => {
    const [a] = tfidfVectors(["aa bb", "aa cc"]);
    const norm = Math.sqrt(1 + 1.405465 ** 2);
    expect(a!.get("aa")).toBeCloseTo(1 / norm, 5);
    expect(a!.get("bb")).toBeCloseTo(1.405465 / norm, 5);
  });

  it("is each dialogue's mean cosine similarity to its peers", () => {
    const [a, b] = peerSimilarities(["aa bb", "aa cc"]);
    expect(a).toBeCloseTo(HAND, 5);
    expect(b).toBeCloseTo(HAND, 5);
    // Third peer shares nothing: doc 3 averages 0, docs 1 and 2 average their pair with a 0.
    const three = peerSimilarities(["xx yy", "xx yy", "zz"]);
    expect(three[0]).toBeCloseTo(0.5, 12);
    expect(three[1]).toBeCloseTo(0.5, 12);
    expect(three[2]).toBe(0);
  });

  it("measures a persona's samples in slices of one sample each", () => {
    const d = (id: string) => ({ id });
    expect(sampleSlices([d("p1"), d("p1"), d("p2"), d("p2"), d("p3")])).toEqual([
      [d("p1"), d("p2"), d("p3")],
      [d("p1"), d("p2")],
    ]);
    expect(sampleSlices([d("a"), d("b")])).toEqual([[d("a"), d("b")]]);
  });

  it("has no value without peers; cosine of an empty vector is 0", () => {
    expect(peerSimilarities(["only one"])).toEqual([null]);
    const [empty, full] = tfidfVectors(["", "some words"]);
    expect(cosine(empty!, full!)).toBe(0);
  });
});
