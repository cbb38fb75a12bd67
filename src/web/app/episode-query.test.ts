import { describe, expect, it } from "vitest";
import {
  type EpisodeQuery,
  episodeQueryString,
  filtersSet,
  parseEpisodeQuery,
  parseTurnRange,
  rebaseEpisodeQuery,
  turnRangeText,
} from "./episode-query.js";

describe("the episodes table's address", () => {
  it("reads every filter, the search and the sort, and writes them back in a fixed order", () => {
    const text =
      "store=supermarket&success=yes&reason=turn_limit&turns=5-20&act=Recommend&action=add_to_cart&q=oat+milk&sort=-turns";
    const q = parseEpisodeQuery(text);
    expect(q).toEqual({
      store: "supermarket",
      success: "yes",
      reason: "turn_limit",
      turns: { min: 5, max: 20 },
      act: "Recommend",
      action: "add_to_cart",
      q: "oat milk",
      sort: { key: "turns", desc: true },
    });
    expect(episodeQueryString(q)).toBe(text);
    // Any order in, one order out: the same view is the same link.
    expect(episodeQueryString(parseEpisodeQuery("sort=cost&q=jam&store=x"))).toBe("store=x&q=jam&sort=cost");
    expect(episodeQueryString({})).toBe("");
  });

  it("drops what is not a valid value", () => {
    expect(
      parseEpisodeQuery("store=a%20b&success=maybe&reason=<x>&turns=9-3&act=&sort=-colour&q=%20%20"),
    ).toEqual({});
    expect(parseEpisodeQuery(`q=${"x".repeat(300)}`).q).toHaveLength(200);
    expect(parseEpisodeQuery("sort=recs")).toEqual({ sort: { key: "recs", desc: false } });
  });

  it("reads turn ranges open at either end, or one number", () => {
    expect(parseTurnRange("5-20")).toEqual({ min: 5, max: 20 });
    expect(parseTurnRange("5-")).toEqual({ min: 5 });
    expect(parseTurnRange("-20")).toEqual({ max: 20 });
    expect(parseTurnRange("7")).toEqual({ min: 7, max: 7 });
    for (const bad of ["", "-", "a-3", "3-a", "20-5", "12345", "1-2-3"])
      expect(parseTurnRange(bad)).toBeUndefined();
    expect(turnRangeText({ min: 5 })).toBe("5-");
    expect(turnRangeText({ max: 20 })).toBe("-20");
    expect(turnRangeText({ min: 7, max: 7 })).toBe("7");
    expect(turnRangeText({})).toBe("");
  });

  it("tells filtering from sorting", () => {
    const sorted: EpisodeQuery = { sort: { key: "cost", desc: false } };
    expect(filtersSet(sorted)).toBe(false);
    expect(filtersSet({ ...sorted, turns: { max: 3 } })).toBe(true);
  });

  it("applies a change made on a drawn query to the address's newer one, keeping what only the address changed", () => {
    const drawn: EpisodeQuery = { q: "shelf", sort: { key: "turns", desc: false } };
    const now: EpisodeQuery = { q: "shelf", sort: { key: "turns", desc: true } };
    // A filter set on the drawn query: the address's newer sort stays.
    expect(rebaseEpisodeQuery(drawn, { ...drawn, turns: { min: 9 } }, now)).toEqual({
      ...now,
      turns: { min: 9 },
    });
    // What the change clears is cleared; what it sets wins over the address.
    expect(rebaseEpisodeQuery(drawn, { sort: drawn.sort }, now)).toEqual({ sort: now.sort });
    expect(rebaseEpisodeQuery(drawn, { ...drawn, sort: { key: "cost", desc: false } }, now)).toEqual({
      q: "shelf",
      sort: { key: "cost", desc: false },
    });
    // Nothing newer in the address: the change as it is.
    expect(rebaseEpisodeQuery(drawn, { ...drawn, store: "supermarket" }, drawn)).toEqual({
      ...drawn,
      store: "supermarket",
    });
  });
});
