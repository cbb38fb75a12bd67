import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderService } from "../render/render-service.js";
import { type RunningEnvServer, startEnvServer } from "./env-server.js";
import { OpenEnvClient } from "./openenv-client.js";
import { OpenEnvError } from "./openenv-client-messages.js";
import type { Observation } from "./protocol.js";

const root = join(import.meta.dirname, "../..");
let dir: string;
let render: RenderService;
let server: RunningEnvServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "siturec-openenv-client-"));
  render = await RenderService.start({ width: 480, height: 360, poolSize: 1 });
  server = await startEnvServer({ port: 0, dir, render });
});
afterAll(async () => {
  await server?.close();
  await render?.close();
  rmSync(dir, { recursive: true, force: true });
});

const IDLE = { name: "idle", arguments: {} };
/** Asks first, then recommends a product in view. */
function assistant(obs: Observation): Record<string, unknown> {
  const products = (obs.context.visible as { products: { brand: string; name: string }[] }).products;
  const p = products[0];
  const act =
    obs.turn === 0 || !p
      ? { type: "AskPreference" }
      : { type: "Recommend", display_name: `${p.brand} ${p.name}`, visible_now: true, reason: "it is here" };
  return {
    utterance: "Hello!",
    assistant_actions: [act],
    expected_user_action: IDLE,
    ranking: [],
    tool_calls: [],
  };
}

/** The system python3 (Debian's, not one earlier on PATH), when there is one. */
function systemPython(): string | undefined {
  for (const bin of ["/usr/bin/python3", "python3"]) {
    try {
      execFileSync(bin, ["--version"]);
      return bin;
    } catch {}
  }
  return undefined;
}
const python = systemPython();

describe("OpenEnvClient over /ws", () => {
  it("plays a SituRecBench episode without images and stores it in a run", async () => {
    const spec = {
      env: "situ-rec",
      task: 0,
      seed: 2,
      maxTurns: 3,
      images: "none",
      agentId: "openenv-client",
    };
    const seen: Observation[] = [];
    const { rewards, last, state } = await OpenEnvClient.rollout({ url: server.url }, spec, (obs) => {
      seen.push(obs);
      return assistant(obs);
    });
    expect(seen[0]!.role).toBe("assistant");
    expect(JSON.stringify(seen[0]!.messages)).not.toContain("image_url");
    expect(rewards.length).toBeGreaterThan(0);
    expect(last.done).toBe(true);
    expect(last.observation).toBeNull();
    expect(last.metadata.error ?? null).toBeNull();
    expect(last.metadata.terminated || last.metadata.truncated).toBe(true);
    expect(state.status).toBe("ended");
    expect(state.runId).toEqual(expect.any(String));
    expect(state.totalReward).toBeCloseTo(
      rewards.reduce((a, b) => a + b, 0),
      6,
    );
  });

  it("throws the server's error replies with their code, and keeps the connection usable", async () => {
    const env = await OpenEnvClient.connect({ url: server.url });
    try {
      await expect(env.step({ text: "hi" })).rejects.toBeInstanceOf(OpenEnvError);
      await expect(env.reset({ env: "situ-rec", task: "no-such-task-x" })).rejects.toThrow(/code: /);
      expect(await env.state()).toMatchObject({ episode_id: null, step_count: 0 });
    } finally {
      await env.close();
    }
    await expect(env.state()).rejects.toThrow(/closed/);
  });

  it.skipIf(!python)(
    "the Python OpenEnv client and the GRPO example play through the same server",
    async () => {
      const { stdout, stderr } = await promisify(execFile)(
        python!,
        ["-B", "-m", "unittest", "-v", "test_openenv_e2e"],
        { cwd: join(root, "clients/python/tests"), env: { ...process.env, SITUREC_ENV_URL: server.url } },
      );
      const out = stdout + stderr;
      expect(out).toMatch(/Ran 2 tests/);
      expect(out).toMatch(/\nOK/);
      expect(out).not.toMatch(/skipped/);
    },
  );
});
