import { describe, expect, it } from "vitest";
import { fakeEpisode, fakeTurn } from "../testing/fake-indexed-episodes.js";
import {
  episodeOptions,
  filterEpisodes,
  outcomeOf,
  searchable,
  searchTerms,
  sortEpisodes,
} from "./episode-filter.js";

const oat = fakeEpisode({
  taskId: "sm-01.1",
  position: 0,
  costUsd: 0.2,
  steps: [
    fakeTurn({ acts: ["Greet"] }),
    fakeTurn({
      acts: ["Recommend", "Navigate"],
      action: "move_to_fixture",
      assistant: "The Oat Milk is on the DAIRY shelf, just ahead of you.",
      shopper: "Great, I'll go there.",
    }),
    fakeTurn({ action: "add_to_cart", ended: true, shopper: "Into the cart it goes." }),
  ],
});
const limit = fakeEpisode(
  { taskId: "sm-01.2", position: 1, success: false, reason: "turn_limit", purchased: null, costUsd: 0.5 },
  12,
);
const failed = fakeEpisode(
  {
    env: "home-furnishings",
    taskId: "hf-01.1",
    position: 0,
    status: "error",
    success: false,
    reason: "error",
  },
  2,
);
const items = searchable([oat, limit, failed]);
const keys = (q: Parameters<typeof filterEpisodes>[1]) =>
  filterEpisodes(items, q).map((m) => m.episode.taskId);

describe("filtering the episodes table", () => {
  it("keeps the episodes every filter allows", () => {
    expect(keys({})).toEqual(["sm-01.1", "sm-01.2", "hf-01.1"]);
    expect(keys({ store: "home-furnishings" })).toEqual(["hf-01.1"]);
    expect(keys({ success: "yes" })).toEqual(["sm-01.1"]);
    expect(keys({ success: "no" })).toEqual(["sm-01.2"]);
    expect(keys({ success: "failed" })).toEqual(["hf-01.1"]);
    expect(keys({ reason: "turn_limit" })).toEqual(["sm-01.2"]);
    expect(keys({ turns: { min: 3 } })).toEqual(["sm-01.1", "sm-01.2"]);
    expect(keys({ turns: { min: 3, max: 3 } })).toEqual(["sm-01.1"]);
    expect(keys({ turns: { max: 2 } })).toEqual(["hf-01.1"]);
    expect(keys({ act: "Recommend" })).toEqual(["sm-01.1"]);
    expect(keys({ action: "add_to_cart" })).toEqual(["sm-01.1"]);
    expect(keys({ store: "supermarket", act: "Greet", success: "no" })).toEqual(["sm-01.2"]);
    expect(outcomeOf(failed)).toBe("failed");
  });

  it("searches both sides' utterances, ignoring case; every word must appear, a quoted phrase as written", () => {
    expect(keys({ q: "oat MILK" })).toEqual(["sm-01.1"]);
    expect(keys({ q: "oat cart" })).toEqual(["sm-01.1"]);
    expect(keys({ q: "oat nowhere" })).toEqual([]);
    expect(keys({ q: '"milk is on"' })).toEqual(["sm-01.1"]);
    expect(keys({ q: '"oat cart"' })).toEqual([]);
    expect(keys({ q: "welcome" })).toEqual(["sm-01.1", "sm-01.2", "hf-01.1"]);
    expect(keys({ q: "welcome", store: "home-furnishings" })).toEqual(["hf-01.1"]);
    expect(searchTerms(' Oat  "milk   IS" oat ')).toEqual(["oat", "milk is"]);
  });

  it("says where the search matched: the turn, the side and the words around, as written", () => {
    const [m] = filterEpisodes(items, { q: "dairy" });
    expect(m!.hit).toEqual({
      turn: 2,
      side: "assistant",
      before: "The Oat Milk is on the ",
      match: "DAIRY",
      after: " shelf, just ahead of you.",
    });
    const [c] = filterEpisodes(items, { q: "cart" });
    expect(c!.hit).toMatchObject({ turn: 3, side: "shopper", match: "cart" });
    const long = searchable([
      fakeEpisode({ steps: [fakeTurn({ assistant: `${"a".repeat(80)} jam ${"b".repeat(80)}` })] }),
    ]);
    const hit = filterEpisodes(long, { q: "jam" })[0]!.hit!;
    expect(hit.before).toMatch(/^…a{49} $/);
    expect(hit.after).toMatch(/^ b{49}…$/);
  });

  it("sorts by any column either way, ties in the index's order", () => {
    const rows = [oat, limit, failed].map((episode) => ({ episode }));
    const order = (key: Parameters<typeof sortEpisodes>[1]["key"], desc = false) =>
      sortEpisodes(rows, { key, desc }).map((r) => r.episode.taskId);
    expect(order("turns")).toEqual(["hf-01.1", "sm-01.1", "sm-01.2"]);
    expect(order("turns", true)).toEqual(["sm-01.2", "sm-01.1", "hf-01.1"]);
    expect(order("cost", true)).toEqual(["sm-01.2", "sm-01.1", "hf-01.1"]);
    expect(order("success")).toEqual(["hf-01.1", "sm-01.2", "sm-01.1"]);
    expect(order("store")).toEqual(["hf-01.1", "sm-01.1", "sm-01.2"]);
    // Equal tasks-bank positions keep the index's order, whichever way.
    expect(order("task")).toEqual(["sm-01.1", "hf-01.1", "sm-01.2"]);
    expect(order("task", true)).toEqual(["sm-01.2", "sm-01.1", "hf-01.1"]);
    expect(keys({ sort: { key: "turns", desc: true }, store: "supermarket" })).toEqual([
      "sm-01.2",
      "sm-01.1",
    ]);
  });

  it("offers the values the episodes have", () => {
    expect(episodeOptions([oat, limit, failed])).toEqual({
      stores: ["home-furnishings", "supermarket"],
      reasons: ["error", "success_cart_added", "turn_limit"],
      acts: ["Greet", "Navigate", "Recommend"],
      actions: ["add_to_cart", "idle", "move_to_fixture"],
    });
  });
});
