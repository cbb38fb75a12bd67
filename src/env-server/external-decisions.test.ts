import { describe, expect, it } from "vitest";
import { ExternalDecisions } from "./external-decisions.js";

describe("ExternalDecisions", () => {
  it("hands a loop's request to the session and the session's answer back", async () => {
    const d = new ExternalDecisions<number, string>();
    let finish!: () => void;
    const done = new Promise<void>((r) => {
      finish = r;
    });
    const loop = (async () => {
      const a = await d.ask(1);
      const b = await d.ask(2);
      finish();
      return [a, b];
    })();
    expect(await d.next(done)).toBe(1);
    d.answer("one");
    expect(await d.next(done)).toBe(2);
    d.answer("two");
    expect(await d.next(done)).toBeUndefined();
    expect(await loop).toEqual(["one", "two"]);
  });

  it("cancel fails the outstanding request and every later one", async () => {
    const d = new ExternalDecisions<number, string>();
    const asked = d.ask(1);
    d.cancel(new Error("dropped"));
    await expect(asked).rejects.toThrow("dropped");
    await expect(d.ask(2)).rejects.toThrow("dropped");
  });
});
