import { describe, expect, it } from "vitest";
import type { ActionRecord } from "../agents/types.js";
import { actionForOthers, historyForOthers } from "./history-for-others.js";

const refused: ActionRecord = {
  call: { name: "pick_up_item", arguments: { target: "2" } },
  targetName: "Oat Milk",
  success: false,
  error: "pick_up_item: '2' is 2.0 m away; come within 1.6 m",
  displacement: 0,
};

describe("the shopper's actions as the other roles get them (B.2: handles are private)", () => {
  it("names the target instead of the shopper's handle, in the call and in a refusal", () => {
    expect(actionForOthers(refused)).toEqual({
      ...refused,
      call: { name: "pick_up_item", arguments: { target: "Oat Milk" } },
      error: "pick_up_item: the Oat Milk is 2.0 m away; come within 1.6 m",
    });
  });

  it("says 'that target' when the handle named nothing, and leaves untargeted calls alone", () => {
    const unknown = {
      ...refused,
      error: "move_to_fixture: 'Q' is not a navigation target in your current view",
    };
    const { targetName: _n, ...noName } = {
      ...unknown,
      call: { name: "move_to_fixture", arguments: { target: "Q" } },
    };
    expect(actionForOthers(noName).error).toBe(
      "move_to_fixture: that target is not a navigation target in your current view",
    );
    expect(actionForOthers(noName).call.arguments).toEqual({ target: "an item in view" });
    const turn: ActionRecord = {
      call: { name: "turn", arguments: { direction: "left", angle: 30 } },
      success: true,
      displacement: 0,
    };
    expect(actionForOthers(turn)).toBe(turn);
  });

  it("rewrites every turn of the history, the shopper's own record untouched", () => {
    const history = [
      { turn: 0, assistant: { utterance: "Hi" }, shopper: { utterance: "Hm", action: refused } },
    ];
    const seen = historyForOthers(history);
    expect(JSON.stringify(seen)).not.toContain("'2'");
    expect(history[0]!.shopper.action.error).toContain("'2'");
  });
});
