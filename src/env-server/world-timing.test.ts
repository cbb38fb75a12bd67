import { describe, expect, it } from "vitest";
import { timeWorldWork } from "./world-timing.js";

/** A world whose `step` is its halves, as the world's own: `act` synchronous, `look` asynchronous. */
class FakeWorld {
  acted = 0;
  act(call: string): { call: string } {
    this.acted++;
    const until = performance.now() + 2;
    while (performance.now() < until); // navigation is synchronous work
    return { call };
  }
  async look(): Promise<string> {
    await new Promise((r) => setTimeout(r, 5));
    return "view";
  }
  async step(call: string): Promise<{ call: string; view: string }> {
    return { ...this.act(call), view: await this.look() };
  }
}

describe("timeWorldWork", () => {
  it("counts a step once, though it calls act and look, and keeps act synchronous", async () => {
    const calls: number[] = [];
    const world = timeWorldWork(new FakeWorld(), (ms) => calls.push(ms));
    expect(await world.step("idle")).toEqual({ call: "idle", view: "view" });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThanOrEqual(2);
    const acted = world.act("look_around");
    expect(acted).toEqual({ call: "look_around" }); // not a promise
    expect(await world.look()).toBe("view");
    expect(calls).toHaveLength(3);
    expect(world.acted).toBe(2);
  });

  it("counts a call that throws, and the next one still", async () => {
    const calls: number[] = [];
    const world = timeWorldWork(
      {
        step: async () => {
          throw new Error("render failed");
        },
        act: () => {
          throw new Error("no such tool");
        },
      },
      (ms) => calls.push(ms),
    );
    await expect(world.step()).rejects.toThrow("render failed");
    expect(() => world.act()).toThrow("no such tool");
    expect(calls).toHaveLength(2);
  });

  it("leaves a world without act and look as it is (only step is timed)", async () => {
    const calls: number[] = [];
    const world = timeWorldWork({ step: async () => 1, other: () => 2 }, (ms) => calls.push(ms));
    expect(await world.step()).toBe(1);
    expect(world.other()).toBe(2);
    expect(calls).toHaveLength(1);
  });
});
