import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readStatic, staticPath } from "./static-files.js";

describe("static files of the web app", () => {
  const root = mkdtempSync(join(tmpdir(), "siturec-web-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html>");
  writeFileSync(join(root, "assets", "a.js"), "1");

  it("serves the files under the app folder, index.html at /", async () => {
    expect(staticPath(root, "/")).toBe(join(root, "index.html"));
    expect(staticPath(root, "/assets/a.js")).toBe(join(root, "assets", "a.js"));
    expect((await readStatic(root, "/assets/a.js"))?.type).toMatch(/javascript/);
    expect(await readStatic(root, "/assets/missing.js")).toBeUndefined();
    expect(await readStatic(root, "/assets")).toBeUndefined();
  });

  it("refuses any path that would leave it, however it is encoded", () => {
    for (const path of [
      "/../package.json",
      "/assets/../../package.json",
      "/..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/..\\..\\etc\\passwd",
      "/%5c..%5cetc%5cpasswd",
      "/index.html%00.png",
      "/%E0%A4%A",
    ])
      expect(staticPath(root, path), path).toBeUndefined();
  });
});
