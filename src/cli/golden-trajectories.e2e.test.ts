import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DialogueAct } from "../core/dialogue.js";
import { evaluate } from "../eval/evaluate.js";
import { readTrajectoryFile } from "../eval/read-trajectories.js";
import { RenderService } from "../render/render-service.js";
import {
  digestExport,
  GOLDEN_COMMAND,
  GOLDEN_FILE,
  type GoldenTrajectories,
  rendererFingerprint,
} from "../runner/testing/golden-trajectories.js";
import { runCli } from "./testing/run-cli.js";

let render: RenderService;
beforeAll(async () => {
  render = await RenderService.start({ poolSize: 1 });
});
afterAll(async () => {
  await render?.close();
});

describe("the embedded default run (reference assistant, rule shopper and moderator; all 200 tasks)", () => {
  let exported: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-golden-"));
    const [, ...args] = GOLDEN_COMMAND.split(" ");
    const run = await runCli(...args, "--run-id", "golden", "--out", dir, "--quiet");
    expect(run.code, run.err).toBe(0);
    const file = join(dir, "export.jsonl");
    expect((await runCli("export", "golden", "--dir", dir, "--out", file)).code).toBe(0);
    exported = readFileSync(file, "utf8");
  });

  it("gives the golden trajectories, byte for byte (scripts/update-golden.ts trajectories after an intended change)", async () => {
    const golden = JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as GoldenTrajectories;
    const digests = digestExport(exported);
    expect(Object.keys(digests)).toEqual(Object.keys(golden.episodes));
    const differing = (part: "trajectory" | "images") =>
      Object.keys(golden.episodes).filter((k) => digests[k]?.[part] !== golden.episodes[k]![part]);
    expect(differing("trajectory"), "episodes whose trajectory changed").toEqual([]);
    // Image hashes are checked only where Chromium and the fonts draw as they did for the golden run.
    if ((await rendererFingerprint(render)) === golden.renderer)
      expect(differing("images"), "episodes whose annotated views changed").toEqual([]);
  });

  it("is a baseline worth beating: SR ≥ 85% in each store, and every dialogue act in ≥ 1% of turns", () => {
    const file = join(mkdtempSync(join(tmpdir(), "siturec-golden-")), "t.jsonl");
    writeFileSync(file, exported);
    const cohorts = evaluate(readTrajectoryFile(file));
    expect(cohorts.map((c) => [c.env, c.episodes])).toEqual([
      ["supermarket", 100],
      ["home-furnishings", 100],
    ]);
    for (const c of cohorts) {
      expect(c.sr.value, c.env).toBeGreaterThanOrEqual(85);
      for (const act of DialogueAct.options)
        expect(c.analyses.actShares[act], `${c.env}: ${act}`).toBeGreaterThanOrEqual(1);
    }
  });
});
