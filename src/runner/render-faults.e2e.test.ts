import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runBenchmark } from "./run-benchmark.js";
import { parseRunConfig } from "./run-config.js";

/** Kills this process's Chromium (the browser and its helpers) without warning, as an OOM killer would. */
function killChromium(): number {
  try {
    const out = execFileSync("pgrep", ["-P", String(process.pid), "-f", "chrom"], { encoding: "utf8" });
    const pids = out.split("\n").filter(Boolean).map(Number);
    for (const pid of pids) process.kill(pid, "SIGKILL");
    return pids.length;
  } catch {
    return 0;
  }
}

describe("render faults", () => {
  // This test kills its browser: it launches one of its own, not the suite's shared one.
  beforeEach(() => {
    delete process.env.SITUREC_BROWSER_URL;
  });

  it("Chromium killed mid-run: the browser is restarted, the frame retried, and the run completes", async () => {
    let killed = 0;
    const result = await runBenchmark(
      parseRunConfig({
        env: "supermarket",
        tasks: "0:3",
        concurrency: 1,
        storeDir: mkdtempSync(join(tmpdir(), "siturec-render-faults-")),
      }),
      {
        onProgress: (p) => {
          if (p.done === 1) killed = killChromium();
        },
      },
    );
    expect(killed).toBeGreaterThan(0);
    expect(result.summaries[0]!.episodes).toBe(3);
    // The episode in flight when the browser died either recovered or ended as `error`; the others are whole.
    expect(result.summaries[0]!.finished).toBeGreaterThanOrEqual(2);
    expect(result.summaries[0]!.finished + result.summaries[0]!.errors).toBe(3);
  });
});
