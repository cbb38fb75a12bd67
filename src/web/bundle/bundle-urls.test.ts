import { describe, expect, it } from "vitest";
import { filterQuery } from "../api-types.js";
import { bundleAnswer, bundleUrls, filterSettings } from "./bundle-urls.js";

const H1 = "1".repeat(64);
const H2 = "2".repeat(64);
const H3 = "3".repeat(64);

describe("an answer made ready for a bundle", () => {
  it("collects the files it points at and points them at the bundle's copies", () => {
    const answer = {
      map: { url: "/api/maps/supermarket.svg", width: 10 },
      charts: [{ name: "sr", url: "/api/leaderboard/charts/sr.svg?store=supermarket" }],
      turns: [{ observations: { shopper: { image: H1 }, assistant: { image: H2 } } }],
      // A part A call's image part, and a hash that is not an image (a run's identity).
      roles: [{ calls: [{ messages: [{ parts: [{ type: "image", image: H3 }] }] }] }],
      header: { identity: "f".repeat(64) },
      link: "/api/runs/web",
      said: "see /api/maps/x.svg",
    };
    const { answer: ready, assets } = bundleAnswer(answer);
    expect([...assets].sort()).toEqual(
      [
        "/api/leaderboard/charts/sr.svg?store=supermarket",
        "/api/maps/supermarket.svg",
        bundleUrls.image(H1),
        bundleUrls.image(H2),
        bundleUrls.image(H3),
      ].sort(),
    );
    expect(ready).toMatchObject({
      map: { url: "files/maps/supermarket.svg", width: 10 },
      charts: [{ name: "sr", url: "files/leaderboard/charts/sr~3Fstore~3Dsupermarket.svg" }],
      // Hashes stay hashes: the app makes their URL (imageUrl).
      turns: [{ observations: { shopper: { image: H1 } } }],
      header: { identity: "f".repeat(64) },
      link: "/api/runs/web",
      said: "see /api/maps/x.svg",
    });
    // The answer given is left as it was.
    expect(answer.map.url).toBe("/api/maps/supermarket.svg");
  });

  it("collects images listed under a key that names them", () => {
    const { assets } = bundleAnswer({ historyImages: [H1, H2], images: { last: H3 } });
    expect(assets.size).toBe(3);
  });
});

describe("the leaderboard's filter settings", () => {
  it("are each filter open or set to each option, once, the unfiltered board first", () => {
    const settings = filterSettings({
      stores: ["supermarket", "supermarket"],
      subsets: [0, 1],
      conditions: ["full"],
    });
    expect(settings).toHaveLength(2 * 3 * 2);
    expect(settings[0]).toEqual({});
    expect(new Set(settings.map(filterQuery)).size).toBe(settings.length);
    expect(settings).toContainEqual({ store: "supermarket", subset: 1, condition: "full" });
    expect(settings).toContainEqual({ subset: 0 });
  });

  it("are the same whatever order the options come in", () => {
    const a = filterSettings({ stores: ["b", "a"], subsets: [3, 0], conditions: ["y", "x"] });
    const b = filterSettings({ stores: ["a", "b"], subsets: [0, 3], conditions: ["x", "y"] });
    expect(a.map(filterQuery)).toEqual(b.map(filterQuery));
  });

  it("are spelled as the leaderboard page asks for them", () => {
    expect(bundleUrls.leaderboard({ store: "supermarket", subset: 2 })).toBe(
      "/api/leaderboard?store=supermarket&subset=2",
    );
    expect(bundleUrls.calls("a:b", "supermarket", "sm-01.1", 3)).toBe(
      "/api/runs/a%3Ab/episodes/supermarket/sm-01.1/calls/3",
    );
  });
});
