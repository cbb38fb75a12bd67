import { describe, expect, it } from "vitest";
import { parseTypedCall } from "./world-command.js";

describe("typed calls", () => {
  it("read the short form in each tool's argument order, and JSON", () => {
    expect(parseTypedCall("supermarket", "turn left 30")).toEqual({
      name: "turn",
      arguments: { direction: "left", angle: 30 },
    });
    expect(parseTypedCall("supermarket", "move_to_fixture B front")).toEqual({
      name: "move_to_fixture",
      arguments: { target: "B", approach: "front" },
    });
    expect(parseTypedCall("supermarket", "pick_up_item 12")).toEqual({
      name: "pick_up_item",
      arguments: { target: "12" },
    });
    expect(parseTypedCall("supermarket", "move_and_turn 2 right 45")).toEqual({
      name: "move_and_turn",
      arguments: { distance: 2, direction: "right", angle: 45 },
    });
    expect(parseTypedCall("supermarket", '{"name":"idle","arguments":{}}')).toEqual({
      name: "idle",
      arguments: {},
    });
  });
});
