import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./main.js";

describe("siturec world replay", () => {
  it("prints one JSON line per step with success, error, displacement and pose", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "siturec-replay-")), "calls.json");
    writeFileSync(
      file,
      JSON.stringify([
        { name: "turn", arguments: { direction: "left", angle: 30 } },
        { name: "move_forward", arguments: { distance: 2 } },
        { name: "drop_item", arguments: {} },
      ]),
    );
    let out = "";
    const code = await main(
      ["world", "replay", "--env", "supermarket", "--task", "sm-01.1", "--actions", file],
      {
        out: (t) => {
          out += t;
        },
        err: () => {},
      },
    );
    expect(code).toBe(0);
    const lines = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      step: 1,
      success: true,
      error: null,
      displacement: 0,
      pose: { yaw: 30 },
    });
    expect(lines[1].displacement).toBeCloseTo(2, 3);
    expect(lines[2]).toMatchObject({ success: false, error: "drop_item: you are not holding anything" });
  });
});
