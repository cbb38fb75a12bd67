import { describe, expect, it } from "vitest";
import { evalContext } from "./eval-context.js";
import { evaluateCohort } from "./evaluate.js";
import {
  actionFollowingRate,
  cumulativeGoalVisibility,
  goalVisibilityEvents,
  localNavigationSuccessRate,
} from "./metrics/navigation.js";
import { purchased, successByTurn } from "./metrics/outcome.js";
import {
  catalogEntries,
  episodeListScore,
  episodeReferenceMrr,
  ndcgAt10,
  recallAt5,
} from "./metrics/ranking.js";
import { midranks, pearson, sampleSd, spearman } from "./stats.js";
import { buildTrajectory } from "./testing/build-trajectory.js";

const sm = evalContext("supermarket");
const hf = evalContext("home-furnishings");
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9);

describe("final-cart ranking: R@5 and NDCG@10", () => {
  it("credit a repeated product only at its first occurrence, without shifting later positions", () => {
    const cart = new Set(["a", "c"]);
    const list = ["a", "b", "a", "c", "d", "e"];
    expect(recallAt5(list, cart)).toBe(1);
    // DCG: a at 1, c at 4 (the repeat at 3 earns nothing and does not move c up); ideal over min(10, 2) = 2 items.
    close(ndcgAt10(list, cart), (1 + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3)));
    const late = new Set(["c"]);
    expect(recallAt5(["a", "a", "a", "a", "a", "c"], late)).toBe(0);
    close(ndcgAt10(["a", "a", "a", "a", "a", "c"], late), 1 / Math.log2(7));
    expect(ndcgAt10([], late)).toBe(0);
    expect(recallAt5([], late)).toBe(0);
  });

  it("average over an episode's lists (an empty list scores 0); an empty cart or no list scores 0", () => {
    const t = buildTrajectory({
      turns: [{ ranking: ["p1", "p2"] }, { ranking: [] }, { ranking: ["p2"] }],
      cart: ["p2"],
    });
    close(episodeListScore(t, recallAt5), (1 + 0 + 1) / 3);
    close(episodeListScore(t, ndcgAt10), (1 / Math.log2(3) + 0 + 1) / 3);
    expect(episodeListScore(buildTrajectory({ turns: [{ ranking: ["p2"] }] }), recallAt5)).toBe(0);
    expect(episodeListScore(buildTrajectory({ turns: [], cart: ["p2"], reason: "error" }), recallAt5)).toBe(
      0,
    );
  });
});

describe("reference items and catalog validity", () => {
  it("R-MRR@10 averages reciprocal ranks within an episode; episodes without lists are left out", () => {
    const t = buildTrajectory({
      turns: [{ ranking: ["sm-998", "sm-999"] }, { ranking: ["sm-999"] }, { ranking: [] }],
      referenceItems: ["sm-999"],
    });
    close(episodeReferenceMrr(t)!, (0.5 + 1 + 0) / 3);
    expect(episodeReferenceMrr(buildTrajectory({ turns: [], reason: "error" }))).toBeUndefined();
    const noList = buildTrajectory({ turns: [], reason: "error", subset: 0 });
    const cohort = evaluateCohort([t, noList]);
    close(cohort.r_mrr_at_10.value!, 50);
  });

  it("Catalog % is the share of ranked entries that are catalog products", () => {
    const id = [...sm.catalog][0]!;
    const t = buildTrajectory({ turns: [{ ranking: [id, "made-up", id] }, { ranking: ["nope"] }] });
    expect(catalogEntries(t, sm.catalog)).toEqual({ entries: 4, valid: 2 });
    close(evaluateCohort([t]).catalog_pct.value!, 50);
  });
});

describe("navigation: AFR and LNSR", () => {
  it("AFR compares tool names over legal expected actions; illegal ones are excluded, a different actual one scores 0", () => {
    const t = buildTrajectory({
      turns: [
        {
          expected: { name: "move_forward", arguments: { distance: 2 } },
          call: { name: "move_forward", arguments: { distance: 5 } },
        },
        {
          expected: { name: "turn", arguments: { direction: "left", angle: 30 } },
          call: { name: "idle", arguments: {} },
        },
        { expected: { name: "fly", arguments: {} }, call: { name: "fly", arguments: {} } },
        { expected: { name: "check_item", arguments: {} }, call: { name: "check_item", arguments: {} } },
        {
          expected: { name: "pick_up_item", arguments: { target: "A" } },
          call: { name: "pick_up_item", arguments: { target: "3" } },
        },
      ],
    });
    // check_item is not a supermarket tool: excluded like "fly".
    close(actionFollowingRate(t, sm)!, 2 / 3);
    expect(
      actionFollowingRate(buildTrajectory({ turns: [{ expected: { name: "fly", arguments: {} } }] }), sm),
    ).toBeUndefined();
  });

  it("LNSR compares directions, and targets across the two roles' handles; unavailable targets or directions are excluded", () => {
    const t = buildTrajectory({
      turns: [
        {
          expected: { name: "turn", arguments: { direction: "left", angle: 30 } },
          call: { name: "turn", arguments: { direction: "left", angle: 90 } },
        },
        {
          expected: { name: "turn", arguments: { direction: "right", angle: 30 } },
          call: { name: "turn", arguments: { direction: "left", angle: 30 } },
        },
        {
          expected: { name: "turn", arguments: { angle: 30 } },
          call: { name: "turn", arguments: { direction: "left", angle: 30 } },
        },
        // The assistant says "3", the shopper "C": the same shelf, so a match.
        {
          expected: { name: "move_to_fixture", arguments: { target: "3", approach: "front" } },
          expectedTargetId: "shelf-03",
          call: { name: "move_to_fixture", arguments: { target: "C", approach: "nearest" } },
          targetId: "shelf-03",
        },
        {
          expected: { name: "move_to_fixture", arguments: { target: "99" } },
          expectedTargetId: null,
          call: { name: "move_to_fixture", arguments: { target: "C" } },
          targetId: "shelf-03",
        },
        {
          expected: { name: "move_forward", arguments: { distance: 1 } },
          call: { name: "move_forward", arguments: { distance: 1 } },
        },
        {
          expected: { name: "look_up_down", arguments: { direction: "down", angle: 10 } },
          call: { name: "idle", arguments: {} },
        },
      ],
    });
    close(localNavigationSuccessRate(t, sm)!, 2 / 4);
    const store = (approach: string | undefined, actual: string, target = "store-a") =>
      ({
        expected: { name: "move_to_store", arguments: { target: "1", ...(approach ? { approach } : {}) } },
        expectedTargetId: "store-a",
        call: { name: "move_to_store", arguments: { target: "A", approach: actual } },
        targetId: target,
      }) as const;
    const h = buildTrajectory({
      env: "home-furnishings",
      turns: [
        store("inside_doorway", "outside_doorway"),
        store(undefined, "outside_doorway"),
        store("inside_doorway", "inside_doorway", "store-b"),
        {
          expected: { name: "move_to_area", arguments: { target: "1a" } },
          expectedTargetId: "area-a1",
          call: { name: "move_to_area", arguments: { target: "A1" } },
          targetId: "area-a1",
        },
      ],
    });
    close(localNavigationSuccessRate(h, hf)!, 2 / 4);
  });
});

describe("cumulative goal visibility", () => {
  const nav = (goal: string) => ({ type: "Navigate" as const, navigation_goal: goal, reason: "there" });
  const shelf3 = sm.assistantHandles.get("3")!;

  it("pools events with one denominator for every horizon; the window stops at the episode's end", () => {
    const t = buildTrajectory({
      turns: [
        { act: nav("3") },
        { targets: ["shelf-09"] },
        { targets: [shelf3] },
        { act: nav(shelf3), targets: [shelf3] },
        { act: nav("4") },
      ],
    });
    expect(goalVisibilityEvents(t, sm)).toEqual([2, 0, null]);
    const c = cumulativeGoalVisibility(goalVisibilityEvents(t, sm));
    expect(c.events).toBe(3);
    close(c.byHorizon.h0!, 100 / 3);
    close(c.byHorizon.h1!, 100 / 3);
    close(c.byHorizon.h2!, 200 / 3);
    close(c.byHorizon.h5!, 200 / 3);
    close(c.byHorizon.end!, 200 / 3);
    // An unresolvable goal is not an event.
    expect(goalVisibilityEvents(buildTrajectory({ turns: [{ act: nav("no such place") }] }), sm)).toEqual([]);
  });

  it("in the furniture store a visible product of the destination counts as seeing it", () => {
    const [product, places] = [...hf.placesOf].find(([, p]) => p.size > 0)!;
    const area = [...places].find(
      (p) => p.startsWith("area") || [...hf.assistantHandles.values()].includes(p),
    )!;
    const handle = [...hf.assistantHandles].find(([, id]) => id === area)![0];
    const t = buildTrajectory({
      env: "home-furnishings",
      turns: [
        {
          act: { ...nav(handle), next_waypoint: handle, target_approach: "area_point" },
          products: [product],
        },
      ],
    });
    expect(goalVisibilityEvents(t, hf)).toEqual([0]);
  });
});

describe("outcome and aggregation", () => {
  it("SR counts nonempty final carts; Turn counts recorded turns; SR(t) is cumulative", () => {
    const a = buildTrajectory({ turns: [{}, {}], cart: ["x"] });
    const b = buildTrajectory({ turns: [{}, {}, {}, {}] });
    const c = buildTrajectory({ turns: [{}, {}, {}], cart: ["y"] });
    expect([a, b, c].map(purchased)).toEqual([true, false, true]);
    expect(successByTurn([a, b, c], 4).map((v) => Math.round(v * 100) / 100)).toEqual([
      0, 33.33, 66.67, 66.67,
    ]);
    const cohort = evaluateCohort([a, b, c]);
    close(cohort.sr.value!, 200 / 3);
    close(cohort.turn.value!, 3);
    expect(cohort.sr.sd).toBeNull();
  });

  it("with all four subsets: the mean of subset means and their sample SD", () => {
    const ep = (subset: number, bought: boolean) =>
      buildTrajectory({ subset, turns: [{}], ...(bought ? { cart: ["x"] } : {}) });
    const cohort = evaluateCohort([
      ep(0, true),
      ep(0, true),
      ep(1, true),
      ep(1, false),
      ep(2, false),
      ep(2, false),
      ep(3, true),
      ep(3, false),
    ]);
    expect(cohort.bySubsets).toBe(true);
    close(cohort.sr.value!, 50);
    // Subset SRs 100, 50, 0, 50: sqrt((50² + 0 + 50² + 0) / 3).
    close(cohort.sr.sd!, Math.sqrt(5000 / 3));
  });

  it("judge scores are averaged per dimension when present", () => {
    const scores = (v: number) => ({
      informativeness: v,
      naturalness: v,
      groundedness: v,
      preference_alignment: v,
      proactiveness: v,
      non_repetition: v,
      overall: v,
    });
    const cohort = evaluateCohort([
      buildTrajectory({ turns: [{}], judge: scores(4) }),
      buildTrajectory({ turns: [{}], judge: scores(2) }),
      buildTrajectory({ turns: [{}] }),
    ]);
    expect(cohort.judged).toBe(2);
    close(cohort.judge!.overall!.value!, 3);
  });
});

describe("statistics", () => {
  it("Pearson's r on a textbook example", () => {
    close(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]), 6 / Math.sqrt(60));
  });

  it("Spearman's ρ uses midranks for ties, and differences below precision are ties", () => {
    expect(midranks([10, 20, 20, 20, 30])).toEqual([1, 3, 3, 3, 5]);
    expect(midranks([0.3, 0.1 + 0.2, 0.5])).toEqual([1.5, 1.5, 3]);
    // Ranks x: 1, 2.5, 2.5, 4; y: 1, 3, 2, 4 → r of ranks = 4.5 / sqrt(4.5 · 5).
    close(spearman([1, 2, 2, 3], [1, 3, 2, 4]), 4.5 / Math.sqrt(22.5));
    close(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 1);
    close(spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1);
  });

  it("the sample SD divides by n − 1", () => {
    close(sampleSd([100, 50, 0, 50]), Math.sqrt(5000 / 3));
  });
});

describe("format failures (a turn whose output failed validation recorded a fallback)", () => {
  const broken = "not valid JSON";
  const ctx = evalContext("supermarket");

  it("an assistant fallback expects nothing (excluded from AFR and LNSR); a shopper fallback took no action (scores zero)", () => {
    // Both fallbacks are `idle`: counted as actions, they would match (AFR 100); the paper's value is 0.
    const shopperFailed = buildTrajectory({ turns: [{ shopperFormatError: broken }] });
    expect(actionFollowingRate(shopperFailed, ctx)).toBe(0);
    const assistantFailed = buildTrajectory({ turns: [{ assistantFormatError: broken }, {}] });
    expect(actionFollowingRate(assistantFailed, ctx)).toBe(1);
    const left = { name: "turn", arguments: { direction: "left", angle: 30 } };
    const lnsr = buildTrajectory({
      turns: [
        { expected: left, call: left, assistantFormatError: broken },
        { expected: left, call: left, shopperFormatError: broken },
        { expected: left, call: left },
      ],
    });
    expect(localNavigationSuccessRate(lnsr, ctx)).toBe(0.5);
  });

  it("a fallback's empty ranking is not a saved list (R@5, NDCG@10, R-MRR@10, act shares)", () => {
    const t = buildTrajectory({
      turns: [{ ranking: ["sm-001"] }, { assistantFormatError: broken }],
      cart: ["sm-001"],
      referenceItems: ["sm-001"],
    });
    expect(episodeListScore(t, recallAt5)).toBe(1);
    expect(episodeListScore(t, ndcgAt10)).toBe(1);
    expect(episodeReferenceMrr(t)).toBe(1);
    // An empty list the assistant did give still scores zero.
    const given = buildTrajectory({ turns: [{ ranking: ["sm-001"] }, { ranking: [] }], cart: ["sm-001"] });
    expect(episodeListScore(given, recallAt5)).toBe(0.5);
    const shares = evaluateCohort([t]).analyses.actShares;
    expect(shares.AskPreference).toBe(100);
    expect(shares.ClarifyNeed).toBe(0);
  });
});

describe("RPR|Cart", () => {
  it("is a pooled ratio over the cohort (RPR / SR), without an SD, even when RPR is averaged over subsets", () => {
    const ep = (subset: number, cart: string[] = []) =>
      buildTrajectory({ subset, turns: [{}], cart, referenceItems: ["sm-001"] });
    const cohort = evaluateCohort([
      ep(0, ["sm-001"]),
      ep(0, ["sm-001"]),
      ep(1, ["sm-002"]),
      ep(1),
      ep(2),
      ep(2),
      ep(3, ["sm-001"]),
      ep(3),
    ]);
    // Three of four purchases are reference items; the mean of subset ratios would be (100 + 0 + 100) / 3.
    close(cohort.rpr_cart.value!, 75);
    expect(cohort.rpr_cart.sd).toBeNull();
    close(cohort.rpr.value!, (100 + 0 + 0 + 50) / 4);
    expect(cohort.rpr.sd).not.toBeNull();
  });
});
