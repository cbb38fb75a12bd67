import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderService } from "../render/render-service.js";
import {
  digestExport,
  GOLDEN_FILE,
  type GoldenTrajectories,
  rendererFingerprint,
} from "../runner/testing/golden-trajectories.js";
import { runCli } from "./testing/run-cli.js";

let render: RenderService;
beforeAll(async () => {
  render = await RenderService.start({ poolSize: 1 });
}, 120_000);
afterAll(async () => {
  await render?.close();
});

describe("the embedded default (reference assistant, rule shopper and moderator) on subset 0 of both stores", () => {
  it("gives the golden trajectories, byte for byte (scripts/update-golden.ts trajectories after an intended change)", async () => {
    const golden = JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as GoldenTrajectories;
    const dir = mkdtempSync(join(tmpdir(), "siturec-golden-"));
    const run = await runCli(
      "run",
      "--subset",
      "0",
      "--no-images",
      "--run-id",
      "golden",
      "--out",
      dir,
      "--quiet",
    );
    expect(run.code, run.err).toBe(0);
    const file = join(dir, "export.jsonl");
    expect((await runCli("export", "golden", "--dir", dir, "--out", file)).code).toBe(0);
    const exported = readFileSync(file, "utf8");
    const digests = digestExport(exported);

    expect(Object.keys(digests)).toEqual(Object.keys(golden.episodes));
    const differing = (part: "trajectory" | "images") =>
      Object.keys(golden.episodes).filter((k) => digests[k]?.[part] !== golden.episodes[k]![part]);
    expect(differing("trajectory"), "episodes whose trajectory changed").toEqual([]);
    // Image hashes are checked only where Chromium and the fonts draw as they did for the golden run.
    if ((await rendererFingerprint(render)) === golden.renderer)
      expect(differing("images"), "episodes whose annotated views changed").toEqual([]);

    // The reference assistant with the rule-based shopper: a baseline that succeeds in most tasks.
    const outcomes = exported
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { header: { env: string }; outcome: { success: boolean } });
    for (const env of ["supermarket", "home-furnishings"]) {
      const here = outcomes.filter((t) => t.header.env === env);
      expect(here, env).toHaveLength(25);
      expect(here.filter((t) => t.outcome.success).length / 25, env).toBeGreaterThanOrEqual(0.7);
    }
  }, 600_000);
});
