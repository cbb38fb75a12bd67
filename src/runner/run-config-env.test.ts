import { describe, expect, it } from "vitest";
import { ConfigError, envsOf, parseRunConfig } from "./run-config.js";

describe("a run config's env", () => {
  it("covers a store, a variant, all stores, or the held-out variants of all or one store", () => {
    expect(envsOf(parseRunConfig({}))).toEqual(["supermarket", "home-furnishings"]);
    expect(envsOf(parseRunConfig({ env: "supermarket@7" }))).toEqual(["supermarket@7"]);
    expect(envsOf(parseRunConfig({ env: "held-out:home-furnishings" }))).toEqual(
      Array.from({ length: 10 }, (_, i) => `home-furnishings@${1000 + i}`),
    );
    const heldOut = envsOf(parseRunConfig({ env: "held-out" }));
    expect(heldOut).toHaveLength(20);
    expect([heldOut[0], heldOut[9], heldOut[10], heldOut[19]]).toEqual([
      "supermarket@1000",
      "supermarket@1009",
      "home-furnishings@1000",
      "home-furnishings@1009",
    ]);
  });

  it("refuses anything else, saying every form it takes", () => {
    for (const env of ["grocer", "supermarket@07", "held-out:grocer"]) {
      const err = (() => {
        try {
          parseRunConfig({ env });
        } catch (e) {
          return e;
        }
      })();
      expect(err, env).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      for (const part of ["env", "STORE@SEED", "all", "held-out", "held-out:STORE"])
        expect(message).toContain(part);
    }
  });
});
