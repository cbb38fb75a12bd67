import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTrajectory } from "../eval/testing/build-trajectory.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { textTokens } from "../llm/token-count.js";
import { runCli } from "./testing/run-cli.js";

const run = runCli;

const tmp = () => mkdtempSync(join(tmpdir(), "siturec-eval-cli-"));
let mock: MockOpenAIServer;
let storeDir: string;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
  storeDir = tmp();
  const r = await run("run", "--tasks", "0:2", "--out", storeDir, "--run-id", "both", "--quiet");
  if (r.code !== 0) throw new Error(r.err);
});
afterAll(async () => {
  await mock?.close();
});

describe("siturec evaluate, report and judge", () => {
  it("evaluate prints both stores' tables for a run of the embedded default, and the JSON contract", async () => {
    const r = await run("evaluate", "both", "--dir", storeDir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("Supermarket (cohort means)");
    expect(r.out).toContain("Home Furnishings Store (cohort means)");
    expect(r.out).toMatch(/reference\s+2\s+\d+\.\d/);
    const json = JSON.parse((await run("evaluate", "both", "--dir", storeDir, "--json")).out) as {
      cohorts: Record<string, unknown>[];
    };
    expect(json.cohorts.map((c) => c.env)).toEqual(["supermarket", "home-furnishings"]);
    for (const key of [
      "sr",
      "turn",
      "afr",
      "lnsr",
      "r_at_5",
      "ndcg_at_10",
      "rpr",
      "rpr_cart",
      "r_mrr_at_10",
      "catalog_pct",
      "cgv",
    ]) {
      expect(json.cohorts[0], key).toHaveProperty(key);
    }
    expect(json.cohorts[0]!.sr).toHaveProperty("sd", null);
    expect(Object.keys(json.cohorts[0]!.cgv as object)).toEqual(["h0", "h1", "h2", "h3", "h4", "h5", "end"]);
  });

  it("evaluate --trajectories reads exported files and names a bad line", async () => {
    const dir = tmp();
    const file = join(dir, "t.jsonl");
    writeFileSync(file, `${JSON.stringify(buildTrajectory({ turns: [{}], cart: ["x"] }))}\n`);
    const ok = await run("evaluate", "--trajectories", file, "--json");
    expect((JSON.parse(ok.out) as { cohorts: { sr: { value: number } }[] }).cohorts[0]!.sr.value).toBe(100);
    writeFileSync(
      file,
      `${JSON.stringify(buildTrajectory({ turns: [{}] }))}\n{"kind":"siturec.trajectory"}\n`,
    );
    const bad = await run("evaluate", "--trajectories", file);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`${file}:2: not a siturec trajectory`);
    // A line that is not JSON at all is named too.
    writeFileSync(file, `${JSON.stringify(buildTrajectory({ turns: [{}] }))}\n\n{"kind": "siturec.traj\n`);
    const broken = await run("evaluate", "--trajectories", file);
    expect(broken.code).toBe(2);
    expect(broken.err).toContain(`${file}:3: not JSON:`);
  });

  it("report writes tables and every chart as SVG and PNG, linked from an index", async () => {
    const out = join(tmp(), "report");
    const r = await run("report", "both", "--dir", storeDir, "--out", out);
    expect(r.code, r.err).toBe(0);
    const index = readFileSync(join(out, "index.html"), "utf8");
    for (const name of ["main-table", "purchase-quality", "goal-visibility"]) {
      expect(existsSync(join(out, `${name}.csv`))).toBe(true);
      expect(readFileSync(join(out, `${name}.md`), "utf8")).toContain("| Environment | Assistant |");
    }
    for (const chart of [
      "success-by-turn",
      "delta-cgv",
      "dialogue-actions",
      "navigate-suggestions",
      "termination-reasons",
    ]) {
      const png = readFileSync(join(out, `${chart}.png`));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect(png.length).toBeGreaterThan(10_000);
      expect(readFileSync(join(out, `${chart}.svg`), "utf8")).toMatch(/^<svg/);
      expect(index).toContain(`${chart}.png`);
    }
    expect(readFileSync(join(out, "main-table.csv"), "utf8").split("\n")[0]).toBe(
      "env,assistant,shopper,condition,episodes,sr,sr_sd,turn,turn_sd,afr,afr_sd,lnsr,lnsr_sd,r_at_5,r_at_5_sd,ndcg_at_10,ndcg_at_10_sd",
    );
  });

  it("judge scores finished trajectories once (cached), and evaluate and report include the scores", async () => {
    const scores = {
      informativeness: 4,
      naturalness: 5,
      groundedness: 4,
      preference_alignment: 5,
      proactiveness: 4,
      non_repetition: 3,
      overall: 4,
    };
    mock.fallback = () => ({
      kind: "text",
      content: JSON.stringify({ scores, rationale: "Clear guidance." }),
    });
    const first = await run("judge", "both", "--model", mock.modelId(), "--dir", storeDir);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain("judged 4 of 4");
    expect(mock.requests).toHaveLength(4);
    expect(JSON.stringify(mock.requests[0]!.messages)).toContain("shopper action:");
    const again = await run("judge", "both", "--model", mock.modelId(), "--dir", storeDir, "--force");
    expect(again.code).toBe(0);
    expect(mock.requests).toHaveLength(4);
    const ev = await run("evaluate", "both", "--dir", storeDir);
    expect(ev.out).toMatch(/reference\s+2\s+4\.00\s+5\.00/);
    const out = join(tmp(), "report");
    await run("report", "both", "--dir", storeDir, "--out", out);
    expect(existsSync(join(out, "dialogue-quality.png"))).toBe(true);
    expect(readFileSync(join(out, "dialogue-quality.md"), "utf8")).toContain("overall");
    const noKey = await run("judge", "both", "--model", "reference", "--dir", storeDir);
    expect(noKey.code).toBe(2);
  });

  it("judge --estimate builds every request and calls nothing; --max-cost stops judging at the recorded spend", async () => {
    mock.requests.length = 0;
    const model = mock.modelId();
    const est = await run(
      "judge",
      "both",
      "--model",
      model,
      "--dir",
      storeDir,
      "--force",
      "--estimate",
      "--json",
    );
    expect(est.code, est.err).toBe(0);
    expect(mock.requests).toHaveLength(0);
    const e = JSON.parse(est.out) as {
      trajectories: number;
      roles: { role: string; calls: { low: number }; firstTurnInputTokens: number }[];
    };
    expect(e.trajectories).toBe(4);
    expect(e.roles).toMatchObject([{ role: "judge", calls: { low: 4, high: 4 } }]);
    const text = await run("judge", "both", "--model", model, "--dir", storeDir, "--force", "--estimate");
    expect(text.out).toMatch(/judging 4 trajectories[\s\S]*judge\s+\S+\s+4\s/);

    // $1 a call (1,000 input tokens at $1,000 per million): a $1.50 limit lets two calls start.
    const config = join(tmp(), "prices.json");
    writeFileSync(config, JSON.stringify({ llm: { prices: { [model]: { input: 1000, output: 0 } } } }));
    mock.fallback = () => ({
      kind: "text",
      content: JSON.stringify({
        scores: Object.fromEntries(
          [
            "informativeness",
            "naturalness",
            "groundedness",
            "preference_alignment",
            "proactiveness",
            "non_repetition",
            "overall",
          ].map((d) => [d, 3]),
        ),
      }),
      inputTokens: 1000,
      outputTokens: 10,
    });
    const judgeAll = (...extra: string[]) =>
      run(
        "judge",
        "both",
        "--model",
        model,
        "--dir",
        storeDir,
        "--force",
        "--no-cache",
        "--concurrency",
        "1",
        ...extra,
      );
    // The estimate's input tokens are those the server receives, within 10% (o200k_base, as counted).
    expect((await judgeAll()).code).toBe(0);
    expect(mock.requests).toHaveLength(4);
    const received = mock.requests.map((r) =>
      textTokens(
        r.messages.map((m) => String(m.content)).join("") +
          JSON.stringify(
            (r.body.response_format as { json_schema?: { schema?: unknown } })?.json_schema?.schema ?? "",
          ),
        model,
      ),
    );
    const mean = received.reduce((s, n) => s + n, 0) / received.length;
    expect(Math.abs(e.roles[0]!.firstTurnInputTokens - mean) / mean).toBeLessThan(0.1);
    mock.requests.length = 0;
    const capped = await judgeAll("--config", config, "--max-cost", "1.5");
    expect(capped.code).toBe(1);
    expect(mock.requests).toHaveLength(2);
    expect(capped.out).toMatch(/reached --max-cost \$1\.5; 2 trajectories were not judged/);
  });

  it("evaluate counts a model's protocol trouble: JSON in a fence and an invented tool, counted though repaired", async () => {
    const turn = (tool: string) =>
      JSON.stringify({
        utterance: "Hi! What are you looking for today?",
        assistant_actions: [{ type: "Greet" }],
        expected_user_action: { name: tool, arguments: {} },
        ranking: [],
        tool_calls: [],
      });
    mock.requests.length = 0;
    mock.enqueue({ kind: "text", content: `Sure:\n\`\`\`json\n${turn("fly")}\n\`\`\`` });
    mock.fallback = () => ({ kind: "text", content: turn("idle") });
    const dir = tmp();
    const flags = ["--env", "supermarket", "--tasks", "0:1", "--max-turns", "2", "--quiet"];
    const r = await run(
      "run",
      ...flags,
      "--assistant",
      mock.modelId(),
      "--out",
      dir,
      "--run-id",
      "llm",
      "--no-cache",
      "--no-preflight",
    );
    expect(r.code, r.err).toBe(0);
    // The repair request named the field and the store's tools.
    expect(JSON.stringify(mock.requests[1]!.messages)).toContain("expected_user_action.name: Invalid option");
    const json = JSON.parse((await run("evaluate", "llm", "--dir", dir, "--json")).out) as {
      cohorts: { protocol: Record<string, Record<string, number>> }[];
    };
    const p = json.cohorts[0]!.protocol;
    expect(p.fencedJson!.assistant).toBeGreaterThanOrEqual(1);
    expect(p.invalidTools!.assistant).toBeGreaterThanOrEqual(1);
    expect(p.repairedJson!.assistant).toBe(1);
    expect(p.labelDisclosures).toEqual({ assistant: 0, shopper: 0 });
    const text = await run("evaluate", "llm", "--dir", dir);
    expect(text.out).toMatch(/protocol \(role-turns[\s\S]*\s1\/0\s+0\s+1\/0\/0\s+1\/0\/0\s+0\/0/);
  });
});
