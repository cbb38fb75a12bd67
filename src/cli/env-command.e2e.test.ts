import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { runningEnvServers, stopEnvServers } from "./env-command.js";
import { runCli } from "./testing/run-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "siturec-env-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"]);
    return true;
  } catch {
    return false;
  }
}
const python = hasPython();
if (!python) console.log("skipping the Python client examples: python3 is not installed");

async function python3(script: string, args: string[], url: string): Promise<string[]> {
  const { stdout } = await run("python3", ["-B", join(root, "clients/python/examples", script), ...args], {
    env: { ...process.env, SITUREC_ENV_URL: url },
    timeout: 240_000,
  });
  return stdout.trim().split("\n");
}

describe("siturec env serve", () => {
  it.skipIf(!python)(
    "serves the Python examples (a SituRecBench episode as the assistant, GRPO groups in CustomerSim), whose runs evaluate",
    async () => {
      const serving = runCli("env", "serve", "--port", "0", "--dir", dir);
      // Until it listens (however long that takes here), unless it gave up.
      let server = runningEnvServers()[0];
      while (!server) {
        const ended = await Promise.race([
          serving,
          new Promise<undefined>((r) => setTimeout(() => r(undefined), 50)),
        ]);
        if (ended) throw new Error(`siturec env serve exited ${ended.code}: ${ended.err}`);
        server = runningEnvServers()[0];
      }
      const [situ] = await python3("situ_rec_assistant.py", ["--task", "0", "--max-turns", "4"], server!.url);
      const episode = JSON.parse(situ!) as { runId: string; outcome: string; turns: number };
      expect(episode.turns).toBeGreaterThan(0);
      const lines = await python3("customersim_grpo.py", ["--personas", "0:2", "--group", "3"], server!.url);
      const groups = lines
        .slice(0, -1)
        .map((l) => JSON.parse(l) as { rewards: number[]; advantages: number[] });
      expect(groups).toHaveLength(2);
      for (const g of groups) expect(g.rewards).toHaveLength(3);
      const { runs } = JSON.parse(lines.at(-1)!) as { runs: string[] };
      expect(runs).toHaveLength(3);

      stopEnvServers();
      const served = await serving;
      expect(served.code).toBe(0);
      expect(served.err).toMatch(/sessions stored in runs/);

      const evaluated = await runCli("evaluate", episode.runId, "--dir", dir, "--json");
      expect(evaluated.code, evaluated.err).toBe(0);
      expect(JSON.parse(evaluated.out).cohorts[0].episodes).toBe(1);
      const cs = await runCli("customersim", "evaluate", ...runs, "--dir", dir, "--json");
      expect(cs.code, cs.err).toBe(0);
      const listed = await runCli("runs", "--dir", dir);
      expect(listed.out).toContain(episode.runId);
    },
  );
});
