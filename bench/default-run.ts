// The embedded default run as users run it: `siturec run` (both stores, all tasks, the reference
// assistant with the rule-based shopper and moderator, concurrency 2) in a child process, timed
// from spawn to exit, with the peak memory of that process and all its descendants (Node and
// Chromium; PSS, so shared pages count once) and their CPU time. A child process, not a call in
// this one: start-up and memory are what a user's run has, and nothing of this process is counted.
// Prints one JSON line.
//   npm run bench:default-run                 the built CLI (bin/siturec.js → dist/; npm run build first)
//   npm run bench:default-run -- --source     the CLI from src/ through tsx (its esbuild process is
//                                             not counted in the memory: a user's run has none)
//   … -- --tasks 0:20                         a shorter run (any `siturec run` flags are passed on)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { summarize } from "../src/runner/run-summary.js";
import { openRunStore } from "../src/storage/open-run-store.js";
import { TreeSampler } from "./process-tree.js";

const args = process.argv.slice(2);
const source = args.includes("--source");
const passOn = args.filter((a) => a !== "--source");
const out = mkdtempSync(join(tmpdir(), "siturec-default-run-"));
const entry = source
  ? ["--import", "tsx", join(import.meta.dirname, "cli-from-source.ts")]
  : [join(import.meta.dirname, "..", "bin", "siturec.js")];
const isEsbuild = (cmdline: string) => /esbuild(\s|$)/.test(cmdline.split(" ")[0] ?? "");

try {
  const load = loadavg()[0]!;
  const started = performance.now();
  const child = spawn(process.execPath, [...entry, "run", "--out", out, "--quiet", ...passOn], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const sampler = new TreeSampler(child.pid!, 200, isEsbuild);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const wallS = (performance.now() - started) / 1000;
  sampler.stop();
  if (code !== 0) throw new Error(`siturec run exited with ${code}`);
  const store = openRunStore(out);
  try {
    const [run] = await store.listRuns();
    const summaries = summarize(await store.episodes(run!.id));
    const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
    console.log(
      JSON.stringify({
        cli: source ? "source" : "dist",
        wall_s: round(wallS),
        episodes: summaries.reduce((s, x) => s + x.episodes, 0),
        success_rate: Object.fromEntries(summaries.map((s) => [s.env, round(s.successRate, 3)])),
        peak_memory_mb: Math.round(sampler.peakMb),
        cpu_s: round(sampler.cpuS),
        load_before: round(load, 2),
        cpus: availableParallelism(),
      }),
    );
  } finally {
    await store.close();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
