import { describe, expect, it } from "vitest";
import { fakeEpisode, fakeIndex, fakeTurn } from "../testing/fake-indexed-episodes.js";
import { compareRuns, firstDivergence, turnText } from "./run-comparison.js";

const walk = (patch: Parameters<typeof fakeTurn>[0] = {}) =>
  fakeTurn({
    acts: ["Navigate"],
    expected: "move_to_fixture(shelf-02)",
    action: "move_to_fixture",
    target: "shelf-02",
    ...patch,
  });

describe("comparing runs on the same tasks", () => {
  it("finds the first turn whose signature differs, and in what", () => {
    const a = fakeEpisode({ steps: [fakeTurn(), walk(), fakeTurn({ ended: true })] });
    const b = fakeEpisode({
      steps: [fakeTurn(), walk({ action: "turn_left", target: null }), fakeTurn({ ended: true })],
    });
    expect(firstDivergence([a, a])).toBeNull();
    expect(firstDivergence([a, b])).toEqual({ turn: 2, differs: ["action", "target"] });
    expect(firstDivergence([a, a, b])).toEqual({ turn: 2, differs: ["action", "target"] });
  });

  it("counts a different top-ranked product unless told not to", () => {
    const a = fakeEpisode({ steps: [fakeTurn({ top: "sm-1" }), walk({ ended: true })] });
    const b = fakeEpisode({ steps: [fakeTurn({ top: "sm-9" }), walk({ ended: true, acts: ["Recommend"] })] });
    expect(firstDivergence([a, b])).toEqual({ turn: 1, differs: ["top"] });
    expect(firstDivergence([a, b], { ranking: false })).toEqual({ turn: 2, differs: ["acts"] });
  });

  it("parts where one episode ends and the other goes on, or has no more turns", () => {
    const short = fakeEpisode({ steps: [fakeTurn(), fakeTurn({ ended: true })] });
    const long = fakeEpisode({ steps: [fakeTurn(), fakeTurn(), fakeTurn({ ended: true })] });
    expect(firstDivergence([short, long])).toEqual({ turn: 2, differs: ["ended"] });
    const cut = fakeEpisode({ status: "error", steps: [fakeTurn()] });
    expect(firstDivergence([cut, long])).toEqual({ turn: 2, differs: ["ended"] });
  });

  it("puts tasks side by side, counts who succeeded, and lists the tasks only some runs have", () => {
    const t = (taskId: string, position: number, success: boolean, top = "sm-001") =>
      fakeEpisode({ taskId, position, success, steps: [fakeTurn({ top, ended: true })] });
    const a = fakeIndex("A", [
      t("sm-01.1", 0, true),
      t("sm-01.2", 1, true),
      t("sm-01.3", 2, false),
      t("sm-01.4", 3, false),
    ]);
    const b = fakeIndex("B", [
      t("sm-01.2", 1, false, "sm-9"),
      t("sm-01.1", 0, true),
      t("sm-01.3", 2, true),
      t("sm-01.4", 3, false),
      t("sm-02.1", 4, true),
    ]);
    const c = compareRuns([a, b]);
    expect(c.tasks.map((x) => x.taskId)).toEqual(["sm-01.1", "sm-01.2", "sm-01.3", "sm-01.4"]);
    expect(c.tasks[1]!.episodes.map((e) => e?.success)).toEqual([true, false]);
    expect(c.tasks[1]!.divergence).toEqual({ turn: 1, differs: ["top"] });
    expect(c.tasks[0]!.divergence).toBeNull();
    expect(c.summary).toEqual({ shared: 4, all: 1, none: 1, only: [1, 1], mixed: 0, diverged: 1 });
    expect(c.partial.map((x) => [x.taskId, x.episodes.map((e) => e !== undefined)])).toEqual([
      ["sm-02.1", [false, true]],
    ]);
    const three = compareRuns([a, b, a]);
    expect(three.summary).toMatchObject({ all: 1, none: 1, only: [0, 1, 0], mixed: 1 });
  });

  it("says what an episode did at a turn in one line", () => {
    expect(turnText(walk({ top: "sm-4", ended: true }))).toBe(
      "Navigate · expects move_to_fixture(shelf-02) · shopper move_to_fixture(shelf-02) · top sm-4 · ends",
    );
    expect(turnText(fakeTurn({ acts: [], expected: null, action: null, top: null }))).toBe(
      "no act · shopper: no action",
    );
    expect(turnText(undefined)).toBe("no such turn (ended before)");
  });
});
