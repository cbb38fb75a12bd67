import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPLETENESS_JUDGE_PROMPT,
  CRITERIA_JUDGE_PROMPT,
  GrpoRow,
  REASON_JUDGE_PROMPT,
  readNgramModel,
} from "../customersim/index.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "siturec-customersim-report-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A small invented RecQuest-shaped folder (RecQuest itself has no licence: none of its text is here). */
function humanFixture(): string {
  const dir = tmp();
  const turns = [
    ["hey, looking for a watch", "gps would be nice", "hmm pricey", "ok ill think about it"],
    ["need a new laptop for school", "battery matters most", "any cheaper?", "cool thx"],
    ["sweatpants?", "something soft, not too baggy", "grey maybe", "nah"],
    ["got any co-op games", "for me and my kid", "switch", "sounds fun"],
    ["jacket for hiking pls", "waterproof", "under 150 if poss", "ok"],
    ["hi", "want headphones... wait, a watch for swimming", "does it work w android", "great"],
  ];
  for (const [i, t] of turns.entries())
    writeFileSync(
      join(dir, `d${i}.json`),
      JSON.stringify({
        domain: "all",
        completed: true,
        messages: t.flatMap((content) => [
          { role: "human", content },
          { role: "ai", content: "Sure, let me look that up for you." },
        ]),
      }),
    );
  return dir;
}

describe("siturec customersim report, ngram train and the judges", () => {
  const dir = tmp();
  const human = humanFixture();
  let server: MockOpenAIServer;

  beforeAll(async () => {
    server = await MockOpenAIServer.start();
    // The judges answer by their prompt: 2 criteria; 3 of 4 sentences complete; reasoning 5 of 5.
    server.fallback = (req) => {
      const system = req.messages.find((m) => m.role === "system")?.content;
      const content =
        system === CRITERIA_JUDGE_PROMPT
          ? { criteria: ["budget", "gps"] }
          : system === COMPLETENESS_JUDGE_PROMPT
            ? { sentences: 4, complete: 3 }
            : system === REASON_JUDGE_PROMPT
              ? { rationale: "coherent", score: 5 }
              : {};
      return { kind: "text", content: JSON.stringify(content), inputTokens: 50, outputTokens: 10 };
    };
    for (const [id, sales, category] of [
      ["ref-watches", "reference", "smart-watches"],
      ["pushy-laptops", "pushy", "laptops"],
    ] as const) {
      const r = await runCli(
        "customersim",
        "run",
        "--shopper",
        "rule",
        "--sales",
        sales,
        "--category",
        category,
        "--personas",
        "0:8",
        "--out",
        dir,
        "--run-id",
        id,
        "--quiet",
      );
      expect(r.code, r.err).toBe(0);
    }
  });
  afterAll(() => server.close());

  it("report: Tables 1–3 as Markdown, CSV and HTML, charts as SVG and PNG, linked from index.html", async () => {
    const out = join(dir, "report");
    const r = await runCli(
      "customersim",
      "report",
      "ref-watches",
      "pushy-laptops",
      "--dir",
      dir,
      "--out",
      out,
      "--human-baseline",
      human,
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/open .*index\.html/);
    expect(r.out).toMatch(/rule-based estimators/);
    for (const t of ["decision-alignment", "tool-calling", "conversational-fidelity", "per-category"]) {
      expect(existsSync(join(out, `${t}.md`))).toBe(true);
      expect(existsSync(join(out, `${t}.csv`))).toBe(true);
    }
    const html = readFileSync(join(out, "index.html"), "utf8");
    for (const c of ["decision-alignment", "tool-calling", "conversational-fidelity"]) {
      expect(readFileSync(join(out, `${c}.svg`), "utf8")).toMatch(/^<svg/);
      expect(
        readFileSync(join(out, `${c}.png`))
          .subarray(1, 4)
          .toString(),
      ).toBe("PNG");
      expect(html).toContain(`<img src="${c}.png"`);
    }
    // Table 1: one row per run, a column per category either covers; "–" where a run did not play it.
    const t1 = readFileSync(join(out, "decision-alignment.md"), "utf8");
    expect(t1).toMatch(/\| Shopper vs salesperson \| Run \| N \| Laptops \| Smart Watch \| Overall \|/);
    expect(t1).toMatch(/\| rule vs reference \| ref-watches \| 8 \| – \| 1\.000 \| 1\.000 \|/);
    expect(t1).toMatch(/\| rule vs pushy \| pushy-laptops \| 8 \| 1\.000 \| – \| 1\.000 \|/);
    // Table 2 in percent; Table 3 with the differences to the human baseline and its own row.
    expect(readFileSync(join(out, "tool-calling.md"), "utf8")).toMatch(/Overall End\. \| Overall Fmt\./);
    const t3 = readFileSync(join(out, "conversational-fidelity.md"), "utf8");
    expect(t3).toMatch(/\| Crit\. \| %Cpl\. \| Red\. \| ΔCrit\. \| Δ%Cpl\. \| ΔRed\. \|/);
    expect(t3).toMatch(/\| Human \(RecQuest\) \| – \| 6 \|/);
    expect(t3).toContain("rule-based estimators");
    const csv = readFileSync(join(out, "conversational-fidelity.csv"), "utf8").trim().split("\n");
    const [head, ref] = [csv[0]!.split(","), csv[1]!.split(",").map(Number)];
    const at = (k: string) => ref[head.indexOf(k)]!;
    const humanRow = csv.at(-1)!.split(",");
    expect(at("delta_crit")).toBeCloseTo(at("crit") - Number(humanRow[head.indexOf("crit")]), 3);
  });

  it("evaluate --judge: Crit. and %Cpl. by the judge model through the mock, costed and cached", async () => {
    const judge = server.modelId("judge-lm");
    const before = server.requests.length;
    const r = await runCli(
      "customersim",
      "evaluate",
      "ref-watches",
      "--dir",
      dir,
      "--judge",
      judge,
      "--json",
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as {
      runs: { estimators: Record<string, string>; overall: { crit: number; cpl: number } }[];
      judgeCalls: { calls: number; cached: number };
    };
    expect(report.runs[0]!.estimators).toEqual({ crit: "judge", cpl: "judge", judge });
    expect(report.runs[0]!.overall).toMatchObject({ crit: 2, cpl: 0.75 });
    expect(report.judgeCalls).toMatchObject({ calls: 16, cached: 0 });
    expect(server.requests.length - before).toBe(16);
    // The calls are in the run's spend ledger (role judge), as siturec judge's are.
    const store = openRunStore(dir, { readonly: true });
    try {
      const spent = await store.spent("ref-watches");
      expect(spent).toEqual([
        expect.objectContaining({ role: "judge", model: judge, calls: 16, cachedCalls: 0 }),
      ]);
    } finally {
      await store.close();
    }
    const again = await runCli("customersim", "evaluate", "ref-watches", "--dir", dir, "--judge", judge);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain(`estimators: Crit. and %Cpl. by the judge model ${judge}`);
    expect(again.out).toMatch(/16 judge calls \(16 cached\)/);
  });

  it("report --judge names the judge model in the report", async () => {
    const out = join(dir, "judged");
    const judge = server.modelId("judge-lm");
    const r = await runCli(
      "customersim",
      "report",
      "ref-watches",
      "--dir",
      dir,
      "--out",
      out,
      "--judge",
      judge,
    );
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(out, "conversational-fidelity.md"), "utf8")).toContain(
      `by the judge model ${judge}`,
    );
    // The judge's calls are on the run's ledger, so the report's model-calls table lists them.
    expect(readFileSync(join(out, "model-calls.md"), "utf8")).toMatch(
      /\| judge \| [^|]*judge-lm[^|]* \| \d+ \|/,
    );
  });

  it("ngram train: held-out accuracy on a seeded split, a model JSON that export --classifier uses", async () => {
    const model = join(dir, "ngram.json");
    const args = ["customersim", "ngram", "train", "ref-watches", "pushy-laptops", "--dir", dir];
    const r = await runCli(...args, "--human-baseline", human, "--out", model, "--json");
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out) as {
      turns: { human: number; model: number };
      split: { seed: number; train: number; test: number };
      accuracy: number;
    };
    expect(summary.turns.human).toBe(24);
    expect(summary.split.seed).toBe(0);
    expect(summary.split.train + summary.split.test).toBe(summary.turns.human + summary.turns.model);
    expect(summary.accuracy).toBeGreaterThan(0.5);
    const again = await runCli(...args, "--human-baseline", human, "--out", model, "--json");
    expect(JSON.parse(again.out)).toEqual(summary);
    expect(readNgramModel(model).docs).toEqual(summary.turns);
    const text = await runCli(...args, "--human-baseline", human, "--out", model);
    expect(text.out).toMatch(/held-out accuracy \d\.\d{3} on \d+ turns \(seed 0/);

    const judge = server.modelId("judge-lm");
    const exp = await runCli(
      "customersim",
      "export",
      "ref-watches",
      "--dir",
      dir,
      "--format",
      "grpo",
      "--classifier",
      model,
      "--judge",
      judge,
    );
    expect(exp.code, exp.err).toBe(0);
    expect(exp.err).toContain(`R_reason by the judge model ${judge}`);
    const rows = exp.out
      .trim()
      .split("\n")
      .map((l) => GrpoRow.parse(JSON.parse(l)));
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      // The rule shopper keeps no reasoning trace: R_reason is 0 without asking the judge.
      expect(row.rewards.reason).toBe(0);
      expect(row.rewards.ngram).toBeGreaterThanOrEqual(0);
      expect(row.rewards.ngram).toBeLessThanOrEqual(1);
    }
    const sft = await runCli(
      "customersim",
      "export",
      "ref-watches",
      "--dir",
      dir,
      "--format",
      "sft",
      "--classifier",
      model,
    );
    expect(sft.code).toBe(2);
  });
});
