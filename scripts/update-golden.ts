// Re-renders the golden test data after an intended change:
//   npx tsx scripts/update-golden.ts images        the golden views (src/render/golden.ts) into src/render/testdata/
//   npx tsx scripts/update-golden.ts trajectories  the embedded default run's trajectories' digests (all 200 tasks)
// (no argument: both).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { runCli } from "../src/cli/testing/run-cli.js";
import { GOLDEN_SIZE, GOLDEN_VIEWS } from "../src/render/golden.js";
import { RenderService } from "../src/render/render-service.js";
import {
  digestExport,
  GOLDEN_COMMAND,
  GOLDEN_FILE,
  type GoldenTrajectories,
  rendererFingerprint,
} from "../src/runner/testing/golden-trajectories.js";

const what = process.argv[2];
if (what && what !== "images" && what !== "trajectories") {
  console.error("usage: npx tsx scripts/update-golden.ts [images|trajectories]");
  process.exit(2);
}

if (!what || what === "images") {
  const service = await RenderService.start({ ...GOLDEN_SIZE, poolSize: 1 });
  try {
    for (const view of GOLDEN_VIEWS) {
      const frame = await service.render(view.env, view.pose);
      const file = `src/render/testdata/golden-${view.name}.png`;
      await sharp(frame.rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } })
        .png()
        .toFile(file);
      console.log(`wrote ${file}`);
    }
  } finally {
    await service.close();
  }
}

if (!what || what === "trajectories") {
  const dir = mkdtempSync(join(tmpdir(), "siturec-golden-"));
  const [, ...args] = GOLDEN_COMMAND.split(" ");
  const run = await runCli(...args, "--run-id", "golden", "--out", dir, "--quiet");
  if (run.code !== 0) throw new Error(`the golden run failed:\n${run.err}`);
  const file = join(dir, "export.jsonl");
  await runCli("export", "golden", "--dir", dir, "--out", file);
  const service = await RenderService.start({ poolSize: 1 });
  let renderer: string;
  try {
    renderer = await rendererFingerprint(service);
  } finally {
    await service.close();
  }
  const golden: GoldenTrajectories = {
    command: GOLDEN_COMMAND,
    renderer,
    episodes: digestExport(readFileSync(file, "utf8")),
  };
  writeFileSync(GOLDEN_FILE, `${JSON.stringify(golden, null, 2)}\n`);
  console.log(`wrote ${fileURLToPath(GOLDEN_FILE)} (${Object.keys(golden.episodes).length} episodes)`);
}
