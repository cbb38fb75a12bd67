import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../core/hash.js";
import { envDefinition } from "../envs/registry.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { openRunStore } from "../storage/open-run-store.js";
import { taskBankFile } from "../tasks/task-bank-file.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import type { EpisodeReplay, RunDetail } from "../web/api-types.js";
import { type RunningServer, startWebServer } from "../web/server.js";
import { runCli as run } from "./testing/run-cli.js";

/**
 * A seeded variant used where a store is: `run --env supermarket@1000` (generated on first use, into
 * `$SITUREC_VARIANTS_DIR` here), `evaluate`, `report`, the viewer's episode and map, and a model-backed
 * assistant that reads the store's scene rules.
 */
const ENV = "supermarket@1000";
let root: string;
let dir: string;
let server: RunningServer;
let trajectory: Trajectory;
const saved = process.env.SITUREC_VARIANTS_DIR;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "siturec-variant-runs-"));
  process.env.SITUREC_VARIANTS_DIR = join(root, "variants");
  dir = join(root, "runs");
  const r = await run("run", "--env", ENV, "--tasks", "0:1", "--out", dir, "--run-id", "held-out", "--quiet");
  if (r.code !== 0) throw new Error(r.err);
  const store = openRunStore(dir);
  for await (const t of store.trajectories("held-out")) trajectory = t;
  await store.close();
  server = await startWebServer({ dir, port: 0 });
});
afterAll(async () => {
  await server?.close();
  if (saved === undefined) delete process.env.SITUREC_VARIANTS_DIR;
  else process.env.SITUREC_VARIANTS_DIR = saved;
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${server.url}${path}`);

describe("a run on a seeded variant", () => {
  it("generates the variant on first use and plays its own task bank; the run's identity records both", async () => {
    expect(readdirSync(join(root, "variants"))).toEqual([ENV]);
    expect(trajectory.header.env).toBe(ENV);
    expect(trajectory.header.task.id).toMatch(/^sm-\d{2}\.[1-4]$/);
    expect(trajectory.turns.length).toBeGreaterThan(1);
    const store = openRunStore(dir);
    const runRow = await store.getRun("held-out");
    await store.close();
    const parts = runRow!.identityParts as { config: { env: string }; taskBanks: Record<string, string> };
    expect(parts.config.env).toBe(ENV);
    expect(parts.taskBanks).toEqual({ [ENV]: sha256(readFileSync(taskBankFile(ENV))).slice(0, 16) });
  });

  it("is evaluated and reported as a store of its own, under the variant's name", async () => {
    const json = JSON.parse((await run("evaluate", "held-out", "--dir", dir, "--json")).out) as {
      cohorts: { env: string }[];
    };
    expect(json.cohorts.map((c) => c.env)).toEqual([ENV]);
    const text = await run("evaluate", "held-out", "--dir", dir);
    expect(text.out).toContain(`${envDefinition(ENV).displayName} (cohort means)`);
    expect(envDefinition(ENV).displayName).toBe("Supermarket · variant 1000");
    const out = join(root, "report");
    const report = await run("report", "held-out", "--dir", dir, "--out", out);
    expect(report.code, report.err).toBe(0);
    expect(existsSync(out)).toBe(true);
    const tables = readdirSync(out).filter((f) => f.endsWith(".md"));
    expect(
      tables.some((f) => readFileSync(join(out, f), "utf8").includes("Supermarket · variant 1000")),
    ).toBe(true);
  });

  it("replays in the viewer with the variant's map, scene and walked route", async () => {
    const detail = (await (await get("/api/runs/held-out")).json()) as RunDetail;
    expect(detail.run.stores).toEqual([ENV]);
    const task = trajectory.header.task.id;
    const res = await get(`/api/runs/held-out/episodes/${encodeURIComponent(ENV)}/${task}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as EpisodeReplay;
    expect(view.map?.url).toBe(`/api/maps/${ENV}.svg`);
    expect(view.route?.length).toBe(trajectory.turns.length);
    const map = await get(view.map!.url);
    expect([map.status, map.headers.get("content-type")]).toEqual([200, "image/svg+xml; charset=utf-8"]);
    expect(await map.text()).toMatch(/^<svg /);
    expect((await get(`/api/scene/${ENV}.json`)).status).toBe(200);
    expect((await get(`/api/leaderboard?store=${encodeURIComponent(ENV)}`)).status).toBe(200);
    // Ids that are not stores are refused as before: malformed ones as bad, others as unknown.
    expect((await get("/api/maps/supermarket@1x.svg")).status).toBe(400);
    expect((await get("/api/maps/supermarket@7@8.svg")).status).toBe(400);
    expect((await get("/api/maps/supermarket@07.svg")).status).toBe(404);
    expect((await get("/api/maps/nowhere@7.svg")).status).toBe(404);
    // A variant no run of the store played is not generated because a request names it.
    expect((await get("/api/maps/supermarket@8.svg")).status).toBe(404);
    expect((await get("/api/scene/supermarket@8.json")).status).toBe(404);
  });
});

describe("a model-backed assistant on a variant", () => {
  let mock: MockOpenAIServer;
  beforeAll(async () => {
    mock = await MockOpenAIServer.start();
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("is told its store's scene rules (the store's own prompts)", async () => {
    mock.fallback = () => ({
      kind: "text",
      content: JSON.stringify({
        utterance: "Hello!",
        assistant_actions: [{ type: "Greet" }],
        expected_user_action: { name: "idle", arguments: {} },
        ranking: [],
      }),
    });
    const flags = ["--env", "home-furnishings@1001", "--tasks", "0:1", "--max-turns", "1", "--quiet"];
    const r = await run(
      ...["run", ...flags, "--assistant", mock.modelId(), "--out", join(root, "llm")],
      "--no-preflight",
    );
    expect(r.code, r.err).toBe(0);
    const rules = readFileSync(
      join(envDefinition("home-furnishings").dir, "prompts", "assistant.md"),
      "utf8",
    );
    const firstLine = rules
      .split("\n")
      .find((l) => l.trim().length > 20)!
      .trim();
    expect(JSON.stringify(mock.requests[0]!.messages)).toContain(JSON.stringify(firstLine).slice(1, -1));
  });
});
