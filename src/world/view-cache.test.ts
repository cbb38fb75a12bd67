import { describe, expect, it } from "vitest";
import { ViewCache } from "./view-cache.js";

describe("ViewCache", () => {
  it("serves what it kept and forgets the least recently used beyond its capacity", () => {
    const views = new ViewCache<string>(2);
    views.set("entrance", "a");
    views.set("aisle-1", "b");
    expect(views.get("entrance")).toBe("a"); // now the most recent: aisle-1 goes next
    views.set("aisle-2", "c");
    expect(views.get("aisle-1")).toBeUndefined();
    expect(views.get("entrance")).toBe("a");
    expect(views.get("aisle-2")).toBe("c");
    expect(views.size).toBe(2);
  });

  it("replaces a view kept again under the same key without growing", () => {
    const views = new ViewCache<string>(3);
    views.set("entrance", "a");
    views.set("entrance", "b");
    expect(views.size).toBe(1);
    expect(views.get("entrance")).toBe("b");
  });
});
