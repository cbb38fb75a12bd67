import { describe, expect, it } from "vitest";
import { envSelectorHelp, expandEnvSelector } from "./env-selector.js";

const seeds = (store: string) => Array.from({ length: 10 }, (_, i) => `${store}@${1000 + i}`);

describe("--env selectors", () => {
  it("name a store, a variant, all stores, or the held-out variants of all or one store", () => {
    expect(expandEnvSelector("supermarket")).toEqual(["supermarket"]);
    expect(expandEnvSelector("home-furnishings@7")).toEqual(["home-furnishings@7"]);
    expect(expandEnvSelector("all")).toEqual(["supermarket", "home-furnishings"]);
    expect(expandEnvSelector("held-out:supermarket")).toEqual(seeds("supermarket"));
    expect(expandEnvSelector("held-out")).toEqual([...seeds("supermarket"), ...seeds("home-furnishings")]);
  });

  it("name nothing for an unknown store, a store's held-out variants spelt otherwise, or a variant's", () => {
    for (const s of [
      "grocer",
      "held-out:",
      "held-out:grocer",
      "held-out:supermarket@7",
      "heldout",
      "held-out:all",
    ])
      expect(expandEnvSelector(s), s).toBeUndefined();
  });

  it("are described in one line that names each form", () => {
    const help = envSelectorHelp();
    for (const part of [
      "supermarket",
      "home-furnishings",
      "STORE@SEED",
      "all",
      "held-out",
      "held-out:STORE",
      "1000–1009",
    ])
      expect(help).toContain(part);
  });
});
