import { describe, expect, it } from "vitest";
import { EnvId } from "../../core/manifest.js";
import { envDefinition, envIds, envOrder, hasEnv, registerEnv, UnknownEnvError } from "../registry.js";
import { supermarket } from "../supermarket/definition.js";
import { HELD_OUT_SEEDS, parseVariantId, variantId } from "./variant-id.js";

const NOT_IDS = [
  "supermarket@07",
  "supermarket@",
  "@7",
  "supermarket@1234567",
  "Supermarket@7",
  "supermarket@7@8",
  "supermarket@-1",
  "supermarket@7.5",
  "supermarket @7",
  "supermarket@7/..",
];

describe("variant ids", () => {
  it("are a store's id, @, and a seed of at most six digits without leading zeros", () => {
    expect(parseVariantId("supermarket@7")).toEqual({ base: "supermarket", seed: 7 });
    expect(parseVariantId("home-furnishings@0")).toEqual({ base: "home-furnishings", seed: 0 });
    expect(parseVariantId("home-furnishings@999999")).toEqual({ base: "home-furnishings", seed: 999999 });
    expect(parseVariantId("supermarket")).toBeUndefined();
    for (const id of NOT_IDS) expect(parseVariantId(id), id).toBeUndefined();
    expect(variantId("supermarket", 1000)).toBe("supermarket@1000");
    expect(() => variantId("supermarket", 1_000_000)).toThrow(/0 to 999999/);
    expect(() => variantId("supermarket", 1.5)).toThrow(/whole number/);
  });

  it("pass the store-id schema wherever a store id does, and nothing else gets through", () => {
    for (const id of ["supermarket", "home-furnishings", "supermarket@7", "home-furnishings@1009"])
      expect(EnvId.safeParse(id).success, id).toBe(true);
    for (const id of NOT_IDS) expect(EnvId.safeParse(id).success, id).toBe(false);
  });

  it("name stores for the registry without being registered: `all` still means the built-in stores", () => {
    expect(hasEnv("supermarket@7")).toBe(true);
    expect(hasEnv("home-furnishings@1000")).toBe(true);
    expect(hasEnv("no-such-store@7")).toBe(false);
    expect(hasEnv("supermarket@07")).toBe(false);
    expect(envIds()).toEqual(["supermarket", "home-furnishings"]);
    expect(() => envDefinition("no-such-store@7")).toThrow(UnknownEnvError);
    expect(() => envDefinition("no-such-store@7")).toThrow(/seeded variant of one such as supermarket@7/);
  });

  it("are the base store's kind of store under their own id, name and task seed", () => {
    const base = envDefinition("supermarket");
    const v = envDefinition("supermarket@7");
    expect(v).toBe(envDefinition("supermarket@7"));
    expect(v.id).toBe("supermarket@7");
    expect(v.displayName).toBe("Supermarket · variant 7");
    expect([v.idPrefix, v.productKind, v.tools, v.inspection, v.dir]).toEqual([
      base.idPrefix,
      base.productKind,
      base.tools,
      base.inspection,
      base.dir,
    ]);
    expect(v.taskSeed).toBe(1_000_007);
    expect(v.generateVariant).toBeUndefined();
    expect(hasEnv("supermarket@7@1")).toBe(false);
  });

  it("sort after their store, in seed order", () => {
    const ids = ["home-furnishings@3", "supermarket@10", "home-furnishings", "supermarket@2", "supermarket"];
    expect(ids.sort((a, b) => envOrder(a) - envOrder(b))).toEqual([
      "supermarket",
      "supermarket@2",
      "supermarket@10",
      "home-furnishings",
      "home-furnishings@3",
    ]);
    expect(envOrder("nowhere@1")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("have a documented held-out split: seeds 1000–1009", () => {
    expect(HELD_OUT_SEEDS).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009]);
  });
});

describe("a store registered as a copy of another", () => {
  it("has no variants of its own unless it says how: a copied generator is refused, naming the fix", async () => {
    registerEnv({ ...supermarket, id: "copy-mart", idPrefix: "cm" });
    await expect(envDefinition("copy-mart@1").generate!()).rejects.toThrow(
      /made supermarket@1, not copy-mart@1; a definition copied from another store must drop generateVariant/,
    );
    const { generateVariant: _, ...plain } = supermarket;
    registerEnv({ ...plain, id: "plain-mart", idPrefix: "pm" });
    expect(hasEnv("plain-mart@1")).toBe(false);
  });
});
