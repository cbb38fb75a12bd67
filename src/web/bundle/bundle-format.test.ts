import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assetFile,
  BUNDLE_GLOBAL,
  bundleKey,
  DATA_CALLBACK,
  dataFile,
  dataScript,
  escapeName,
  infoScript,
  isAssetUrl,
} from "./bundle-format.js";

describe("a bundle's URL keys", () => {
  it("are the same for two spellings of one request", () => {
    expect(bundleKey("/api/runs/a:b")).toBe("/api/runs/a%3Ab");
    expect(bundleKey("/api/runs/a%3ab")).toBe("/api/runs/a%3Ab");
    expect(bundleKey("/api/leaderboard?subset=2&condition=full&store=supermarket")).toBe(
      "/api/leaderboard?condition=full&store=supermarket&subset=2",
    );
    expect(bundleKey("/api/leaderboard?")).toBe("/api/leaderboard");
  });

  it("do not change once made (the app and the writer may key a key again)", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), fc.string(), (segments, q) => {
        const url = `/api/${segments.map(encodeURIComponent).join("/")}?q=${encodeURIComponent(q)}`;
        expect(bundleKey(bundleKey(url))).toBe(bundleKey(url));
      }),
    );
  });
});

describe("a bundle's file names", () => {
  it("keep plain ids readable and escape everything else", () => {
    expect(escapeName("sm-01.1")).toBe("sm-01.1");
    expect(escapeName("Run:1")).toBe("~52un~3A1");
    expect(escapeName("..")).toBe("~2E.");
    expect(escapeName(".hidden")).toBe("~2Ehidden");
    expect(escapeName("é")).toBe("~C3~A9");
  });

  it("are distinct for distinct texts, even where the file system ignores case", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        if (a !== b) expect(escapeName(a).toLowerCase()).not.toBe(escapeName(b).toLowerCase());
      }),
    );
  });

  it("use only characters a URL and a file system take as they are", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const name = escapeName(s);
        expect(name).toMatch(/^[a-z0-9_~.A-F-]*$/);
        expect(name.startsWith(".")).toBe(false);
      }),
    );
  });

  it("put a JSON answer under data/, by its path and query", () => {
    expect(dataFile("/api/runs")).toBe("data/runs.js");
    expect(dataFile("/api/runs/web/episodes/supermarket/sm-01.1")).toBe(
      "data/runs/web/episodes/supermarket/sm-01.1.js",
    );
    expect(dataFile("/api/runs/a%3Ab/episode-index")).toBe("data/runs/a~3Ab/episode-index.js");
    expect(dataFile("/api/leaderboard?subset=1&store=supermarket")).toBe(
      "data/leaderboard~3Fstore~3Dsupermarket~26subset~3D1.js",
    );
    expect(dataFile("/api/leaderboard?store=supermarket&subset=1")).toBe(
      dataFile("/api/leaderboard?subset=1&store=supermarket"),
    );
  });

  it("put an image under images/ and other files under files/, their extension last", () => {
    const hash = "ab".repeat(32);
    expect(assetFile(`/api/images/${hash}`)).toBe(`images/${hash}.png`);
    expect(assetFile("/api/maps/supermarket.svg")).toBe("files/maps/supermarket.svg");
    expect(assetFile("/api/leaderboard/charts/success-by-turn.svg?store=supermarket")).toBe(
      "files/leaderboard/charts/success-by-turn~3Fstore~3Dsupermarket.svg",
    );
    expect(assetFile("/api/x/y")).toBe("files/x/y");
    expect(assetFile("/api/x/sm-01.1")).toBe("files/x/sm-01.1");
  });

  it("tell a file's URL from a JSON answer's", () => {
    expect(isAssetUrl(`/api/images/${"0".repeat(64)}`)).toBe(true);
    expect(isAssetUrl("/api/maps/supermarket.svg")).toBe(true);
    expect(isAssetUrl("/api/leaderboard/charts/sr.svg?store=a")).toBe(true);
    expect(isAssetUrl("/api/runs/web")).toBe(false);
    expect(isAssetUrl("/api/runs/web/episodes/supermarket/sm-01.1")).toBe(false);
    expect(isAssetUrl("https://example.org/a.svg")).toBe(false);
    expect(isAssetUrl("images/a.png")).toBe(false);
  });
});

describe("a bundle's scripts", () => {
  it("hand each answer to the data callback under its URL's key", () => {
    const got: [string, unknown][] = [];
    const answer = { text: "</script><script>alert(1)</script>", n: [1, null], line: "a\u2028b" };
    const script = dataScript("/api/runs/a:b", answer);
    new Function(DATA_CALLBACK, script)((key: string, value: unknown) => got.push([key, value]));
    expect(got).toEqual([["/api/runs/a%3Ab", answer]]);
  });

  it("set the bundle global from data/bundle.js", () => {
    const info = { format: 1 as const, siturec: "0.1.0", runs: ["a", "b"] };
    const read = new Function(`${infoScript(info)}return ${BUNDLE_GLOBAL};`);
    expect(read()).toEqual(info);
  });
});
