import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { minimap } from "./minimap.js";
import { fixtureDigest } from "./som/testing/overlay-fixture.js";
import { runWithoutFonts } from "./testing/without-fonts.js";

/** What is drawn in Node with the bundled font is drawn the same by a process that sees no system font. */
describe("drawing needs no system font: a process that sees none draws the same bytes", () => {
  it("the Set-of-Mark overlay", async () => {
    const fixture = new URL("./som/testing/overlay-fixture.ts", import.meta.url).href;
    const child = runWithoutFonts(
      `import { fixtureDigest } from ${JSON.stringify(fixture)}; console.log(await fixtureDigest());`,
    );
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout.trim()).toBe(await fixtureDigest());
  });

  it("the minimap", async () => {
    const pose = { x: 8, z: 4, yaw: 30 };
    const module = new URL("./minimap.ts", import.meta.url).href;
    const child = runWithoutFonts(
      `import { createHash } from "node:crypto"; import { minimap } from ${JSON.stringify(module)};
       const png = await minimap("supermarket", "shopper", ${JSON.stringify(pose)});
       console.log(createHash("sha256").update(png).digest("hex"));`,
    );
    expect(child.status, child.stderr).toBe(0);
    const png = await minimap("supermarket", "shopper", pose);
    expect(child.stdout.trim()).toBe(createHash("sha256").update(png).digest("hex"));
  });
});
