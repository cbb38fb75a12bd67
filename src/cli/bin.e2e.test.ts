import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("the siturec binary", () => {
  it("runs from the build (npm run build makes dist/)", () => {
    expect(existsSync(`${root}dist/cli/index.js`), "dist/ is missing: run npm run build").toBe(true);
    const out = execFileSync(process.execPath, [`${root}bin/siturec.js`, "envs", "--json"], {
      encoding: "utf8",
    });
    expect(JSON.parse(out).environments).toHaveLength(2);
  });
});
