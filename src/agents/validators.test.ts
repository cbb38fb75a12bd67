import { describe, expect, it } from "vitest";
import { DialogueAct } from "../core/dialogue.js";
import type { EnvId } from "../core/manifest.js";
import { legalTools, parseToolCall } from "../world/tools.js";
import { assistantOutputSchema, JudgeOutput, ModeratorOutput, ShopperOutput } from "./types.js";

const base = {
  utterance: "Hi!",
  expected_user_action: { name: "idle", arguments: {} },
  ranking: [],
  tool_calls: [],
};
const withAct = (act: Record<string, unknown>) => ({ ...base, assistant_actions: [act] });
const ok = (env: EnvId, v: unknown) => assistantOutputSchema(env).safeParse(v).success;

describe("assistant output", () => {
  it("accepts each plain dialogue action with only its type", () => {
    for (const type of DialogueAct.options.filter((t) => t !== "Recommend" && t !== "Navigate")) {
      expect(ok("supermarket", withAct({ type })), type).toBe(true);
      expect(ok("home-furnishings", withAct({ type })), type).toBe(true);
    }
    expect(ok("supermarket", withAct({ type: "Dance" }))).toBe(false);
  });

  it("Recommend needs display_name, visible_now and reason", () => {
    const rec: Record<string, unknown> = {
      type: "Recommend",
      display_name: "Oat milk",
      visible_now: true,
      reason: "vegan, within budget",
    };
    expect(ok("supermarket", withAct(rec))).toBe(true);
    for (const field of ["display_name", "visible_now", "reason"]) {
      const { [field]: _, ...rest } = rec;
      expect(ok("supermarket", withAct(rest)), field).toBe(false);
    }
    expect(ok("supermarket", withAct({ ...rec, visible_now: "yes" }))).toBe(false);
  });

  it("Navigate needs navigation_goal and reason, plus next_waypoint and target_approach in the furniture store", () => {
    const nav = { type: "Navigate", navigation_goal: "12", reason: "the cereal is there" };
    expect(ok("supermarket", withAct(nav))).toBe(true);
    expect(ok("supermarket", withAct({ type: "Navigate", reason: "x" }))).toBe(false);
    expect(ok("supermarket", withAct({ type: "Navigate", navigation_goal: "12" }))).toBe(false);
    expect(ok("home-furnishings", withAct(nav))).toBe(false);
    const hf = { ...nav, next_waypoint: "3", target_approach: "inside_doorway" };
    expect(ok("home-furnishings", withAct(hf))).toBe(true);
    expect(ok("home-furnishings", withAct({ ...hf, next_waypoint: undefined }))).toBe(false);
    expect(ok("home-furnishings", withAct({ ...hf, target_approach: undefined }))).toBe(false);
  });

  it("needs exactly one action, an empty tool_calls, an expected action, and at most ten ranked ids (kept as given)", () => {
    expect(ok("supermarket", { ...base, assistant_actions: [] })).toBe(false);
    expect(ok("supermarket", { ...base, assistant_actions: [{ type: "Greet" }, { type: "Explain" }] })).toBe(
      false,
    );
    expect(ok("supermarket", { ...withAct({ type: "Greet" }), tool_calls: [{ name: "x" }] })).toBe(false);
    const { expected_user_action: _, ...noExpected } = withAct({ type: "Greet" });
    expect(ok("supermarket", noExpected)).toBe(false);
    const ranked = { ...withAct({ type: "Greet" }), ranking: ["not-in-catalog", "sm-p001"] };
    expect(assistantOutputSchema("supermarket").parse(ranked).ranking).toEqual(["not-in-catalog", "sm-p001"]);
    expect(ok("supermarket", { ...ranked, ranking: Array.from({ length: 11 }, (_, i) => `p${i}`) })).toBe(
      false,
    );
    expect(ok("supermarket", { ...withAct({ type: "Greet" }), utterance: "" })).toBe(false);
  });
});

describe("shopper, moderator and judge outputs", () => {
  it("the shopper gives an utterance and exactly one tool call", () => {
    expect(
      ShopperOutput.safeParse({ utterance: "ok", tool_call: { name: "idle", arguments: {} } }).success,
    ).toBe(true);
    expect(ShopperOutput.safeParse({ utterance: "ok" }).success).toBe(false);
    expect(ShopperOutput.safeParse({ utterance: "ok", tool_call: [{ name: "idle" }] }).success).toBe(false);
  });

  it("the moderator says yes or no; the judge scores seven dimensions from 1 to 5", () => {
    expect(ModeratorOutput.safeParse({ decision: "yes" }).success).toBe(true);
    expect(ModeratorOutput.safeParse({ decision: "maybe" }).success).toBe(false);
    const scores = {
      informativeness: 4,
      naturalness: 5,
      groundedness: 3,
      preference_alignment: 4,
      proactiveness: 2,
      non_repetition: 5,
      overall: 4,
    };
    expect(JudgeOutput.safeParse({ scores }).success).toBe(true);
    expect(JudgeOutput.safeParse({ scores: { ...scores, overall: 6 } }).success).toBe(false);
    expect(JudgeOutput.safeParse({ scores: { ...scores, overall: 3.5 } }).success).toBe(false);
    const { naturalness: _, ...six } = scores;
    expect(JudgeOutput.safeParse({ scores: six }).success).toBe(false);
  });
});

/** A valid call per tool, and the argument whose removal or corruption must be refused. */
const EXAMPLES: Record<string, { args: Record<string, unknown>; bad?: Record<string, unknown> }> = {
  move_forward: { args: { distance: 2 }, bad: { distance: 0 } },
  move_backward: { args: { distance: 1 }, bad: { distance: "far" } },
  turn_and_move: {
    args: { direction: "left", angle: 90, distance: 2 },
    bad: { direction: "left", angle: 90 },
  },
  move_and_turn: {
    args: { distance: 2, direction: "right", angle: 45 },
    bad: { distance: 2, direction: "up", angle: 45 },
  },
  side_step: { args: { direction: "right", distance: 0.5 }, bad: { distance: 0.5 } },
  turn: { args: { direction: "left", angle: 30 }, bad: { direction: "left", angle: 400 } },
  look_up_down: { args: { direction: "up", angle: 10 }, bad: { direction: "left", angle: 10 } },
  add_to_cart: { args: {}, bad: { target: "" } },
  idle: { args: {}, bad: { why: "because" } },
  move_to_fixture: { args: { target: "B", approach: "front" }, bad: { target: "B", approach: "side" } },
  pick_up_item: { args: { target: "3" }, bad: {} },
  drop_item: { args: {}, bad: { target: "3" } },
  move_to_store: { args: { target: "C", approach: "inside_doorway" }, bad: { target: "C" } },
  move_to_area: { args: { target: "C1" }, bad: {} },
  check_item: { args: { target: "2" }, bad: { target: 2 } },
  do_not_add_to_cart: { args: {}, bad: { target: "" } },
};

describe("tool arguments", () => {
  for (const env of ["supermarket", "home-furnishings"] as const) {
    it(`${env}: every tool accepts a valid call and refuses a bad one with a message`, () => {
      for (const name of legalTools(env)) {
        const ex = EXAMPLES[name];
        expect(ex, name).toBeDefined();
        expect(parseToolCall(env, { name, arguments: ex!.args }), name).toMatchObject({ ok: true, name });
        const refused = parseToolCall(env, { name, arguments: ex!.bad });
        expect(refused, name).toMatchObject({ ok: false });
        if (!refused.ok) expect(refused.error, name).toContain(name);
      }
    });
  }
});
