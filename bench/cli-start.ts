// CLI start benchmark: the wall time from `node bin/siturec.js …` to exit for the commands that
// should start at once (issue 35: ≤ 0.3 s): `--version`, `--help`, `runs` on an empty store and on a
// store holding a few runs. Runs the built CLI (`dist/`, what users run: `npm run build` first).
// Each command is spawned RUNS times (default 9), the commands taking turns, after one unmeasured
// warm-up each. Prints one JSON line per CLI with each command's median and p90 wall ms, and on
// Linux the median CPU ms (user + system) of the process, which other work on the machine disturbs less.
// CLI=a.js,b.js measures other builds' bin scripts side by side (interleaved in one process), e.g.
// the previous release's against this one's.
//   npm run bench:cli-start
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openRunStore } from "../src/storage/open-run-store.js";
import type { RunStore } from "../src/storage/run-store.js";

const usage = { assistant: { inputTokens: 900, outputTokens: 120, costUsd: 0.002, formatErrors: 0 } };

/** One finished episode of two turns (the last carries the outcome). */
async function writeEpisode(store: RunStore, runId: string, env: string, taskId: string, position: number) {
  const header = { runId, env, task: { id: taskId } };
  await store.startEpisode(header, position, "a1");
  const outcome = { reason: "purchase", success: position % 2 === 0, turns: 2, recommendations: 1, usage };
  await store.writeTurn(header, { turn: 0 }, undefined, "a1");
  await store.writeTurn(header, { turn: 1 }, outcome, "a1");
}

/** A SQLite store with three SituRecBench runs and one CustomerSim run of a few episodes each. */
async function storeWithRuns(dir: string): Promise<void> {
  const store = openRunStore(dir);
  try {
    for (const [i, env] of ["supermarket", "home-furnishings", "supermarket"].entries()) {
      const id = `bench-${i}`;
      await store.createRun({ id, identity: id, config: { env, agents: {} }, identityParts: {}, planned: 4 });
      for (let k = 0; k < 4; k++) await writeEpisode(store, id, env, `${env.slice(0, 2)}-0${k}.1`, k);
    }
    const id = "bench-cs";
    await store.createRun({
      id,
      benchmark: "customersim",
      identity: id,
      config: {},
      identityParts: {},
      planned: 4,
    });
    for (let k = 0; k < 4; k++) await writeEpisode(store, id, "customersim/laptops", `lp-p00${k + 1}`, k);
  } finally {
    await store.close();
  }
}

/** CPU ms used by this process's finished children (Linux: cutime + cstime, in ticks of 10 ms), else NaN. */
function childrenCpuMs(): number {
  if (!existsSync("/proc/self/stat")) return Number.NaN;
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!);
};

const clis = (process.env.CLI ?? "bin/siturec.js").split(",").map((p) => resolve(p));
for (const cli of clis)
  if (!existsSync(cli)) throw new Error(`${cli} does not exist: give CLI=path/to/siturec.js`);
if (!process.env.CLI && !existsSync("dist/cli/index.js"))
  throw new Error("dist/ is missing: run npm run build first (the bench times the built CLI)");
const n = Number(process.env.RUNS ?? 9);

const root = mkdtempSync(join(tmpdir(), "siturec-bench-cli-"));
try {
  const empty = join(root, "empty");
  await openRunStore(empty).close();
  const full = join(root, "full");
  await storeWithRuns(full);
  const commands: Record<string, string[]> = {
    "--version": ["--version"],
    "--help": ["--help"],
    "runs (empty store)": ["runs", "--store", empty],
    "runs (4 runs)": ["runs", "--store", full],
  };
  const walls = new Map<string, number[]>();
  const cpus = new Map<string, number[]>();
  const time = (cli: string, args: string[]) => {
    const [started, cpu] = [performance.now(), childrenCpuMs()];
    const child = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`siturec ${args.join(" ")} failed:\n${child.stderr}`);
    return { wall: performance.now() - started, cpu: childrenCpuMs() - cpu };
  };
  const add = (m: Map<string, number[]>, key: string, v: number) => m.set(key, [...(m.get(key) ?? []), v]);
  for (let round = -1; round < n; round++)
    for (const cli of clis)
      for (const [name, args] of Object.entries(commands)) {
        const { wall, cpu } = time(cli, args);
        if (round < 0) continue;
        add(walls, `${cli}\t${name}`, wall);
        add(cpus, `${cli}\t${name}`, cpu);
      }
  for (const cli of clis) {
    const figures = (pick: (w: number[], c: number[]) => unknown) =>
      Object.fromEntries(
        Object.keys(commands).map((name) => [
          name,
          pick(walls.get(`${cli}\t${name}`)!, cpus.get(`${cli}\t${name}`)!),
        ]),
      );
    const wall_ms = figures((w) => ({ median: quantile(w, 0.5), p90: quantile(w, 0.9) }));
    const cpu_ms_median = figures((_, c) => (c.some(Number.isNaN) ? null : quantile(c, 0.5)));
    console.log(JSON.stringify({ cli, runs: n, target_ms: 300, wall_ms, cpu_ms_median }));
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
