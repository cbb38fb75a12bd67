// Run benchmark: the embedded default (reference assistant, rule-based shopper and moderator) on the
// first 25 supermarket tasks. Pass 1 at concurrency 1 splits wall time into rendering, model calls
// (none here) and the harness; pass 2 at concurrency 4 measures throughput and the peak resident
// memory of the whole process tree (Node and Chromium). Prints one JSON line. npm run bench:run
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RenderService } from "../src/render/render-service.js";
import { runBenchmark } from "../src/runner/run-benchmark.js";
import { parseRunConfig } from "../src/runner/run-config.js";
import { observationCounts } from "../src/world/world.js";
import { treePssMb } from "./process-tree.js";

// Launching Chromium and loading the store scene, timed apart (reported in startup_ms) and closed
// again: each pass starts its own render pool, as a run does, so the passes share no rendered view
// and the memory measured is the run's alone.
const t0 = performance.now();
const launched = await RenderService.start();
await launched.warm("supermarket");
const launchMs = performance.now() - t0;
await launched.close();

async function pass(concurrency: number) {
  const storeDir = mkdtempSync(join(tmpdir(), "siturec-bench-"));
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treePssMb());
  }, 200);
  const before = observationCounts();
  try {
    const result = await runBenchmark(
      parseRunConfig({ env: "supermarket", tasks: "0:25", storeDir, concurrency }),
    );
    peak = Math.max(peak, treePssMb());
    const after = observationCounts();
    const reused = after.reused - before.reused;
    const reusedShare = reused / (reused + after.rendered - before.rendered);
    return { ...result.timing, peakRssMb: peak, sr: result.summaries[0]!.successRate, reusedShare };
  } finally {
    clearInterval(timer);
    rmSync(storeDir, { recursive: true, force: true });
  }
}

const serial = await pass(1);
const parallel = await pass(4);
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
console.log(
  JSON.stringify({
    episodes: serial.episodes,
    episodes_per_min: round((60_000 * parallel.episodes) / parallel.wallMs, 1),
    turns_per_s: round((1000 * parallel.turns) / parallel.wallMs, 2),
    render_share: round(serial.renderMs / (serial.wallMs - serial.startupMs)),
    model_share: round(serial.modelMs / (serial.wallMs - serial.startupMs)),
    harness_share: round(
      (serial.wallMs - serial.startupMs - serial.renderMs - serial.modelMs) /
        (serial.wallMs - serial.startupMs),
    ),
    // Observations (resets and successful steps) served again because nothing drawn had changed.
    reused_share: round(serial.reusedShare),
    startup_ms: Math.round(launchMs),
    peak_rss_mb: Math.round(parallel.peakRssMb),
    serial: {
      episodes_per_min: round((60_000 * serial.episodes) / serial.wallMs, 1),
      turns_per_s: round((1000 * serial.turns) / serial.wallMs, 2),
      peak_rss_mb: Math.round(serial.peakRssMb),
    },
    concurrency: 4,
    success_rate: parallel.sr,
    success_rate_serial: serial.sr,
  }),
);
