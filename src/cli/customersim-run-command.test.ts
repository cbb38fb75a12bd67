import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import {
  defaultChatStore,
  GrpoRow,
  loadCustomerSimData,
  SALES_GREETING,
  SftRow,
  shopperSystemPrompt,
} from "../customersim/index.js";
import { StoredConversation } from "../customersim/stored-conversation.js";
import { parseCustomerSimRunConfig } from "../runner/customersim/customersim-config.js";
import { runCustomerSim } from "../runner/customersim/run-customersim.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-runs");

const personas = loadCustomerSimData().personas.personas;

interface EvalJson {
  runs: {
    run: string;
    estimators: { crit: string; cpl: string };
    overall: {
      conversations: number;
      da: number;
      crit: number;
      cpl: number;
      red: number;
      fmt: number;
      end: number;
    };
    byCategory: Record<string, { da: number; human?: unknown; delta?: unknown }>;
  }[];
  human?: { dialogues: number };
}

describe("siturec customersim run, evaluate and export (built-in agents)", () => {
  const dir = tmp();

  it("plays the rule shopper against the reference salesperson, stored as a run that siturec runs lists", async () => {
    const r = await runCli(
      "customersim",
      "run",
      "--shopper",
      "rule",
      "--sales",
      "reference",
      "--personas",
      "0:12",
      "--category",
      "smart-watches",
      "--out",
      dir,
      "--run-id",
      "rule-ref",
      "--quiet",
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/run rule-ref \(complete\)/);
    expect(r.out).toMatch(/12 conversations: DA 1\.000 · \d+ purchases, \d+ abstentions/);

    const runs = await runCli("runs", "--dir", dir, "--json");
    const listed = (
      JSON.parse(runs.out) as { id: string; benchmark: string; finished: number; env: string }[]
    )[0]!;
    expect(listed).toMatchObject({
      id: "rule-ref",
      benchmark: "customersim",
      finished: 12,
      env: "customersim/smart-watches",
      salesperson: "reference",
      shopper: "rule",
      da: 1,
    });
    // Its own columns: the salesperson and the shopper under test, and DA, not SR.
    const table = await runCli("runs", "--store", dir);
    const [header] = table.out.split("\n");
    expect(header!.toLowerCase().split(/\s{2,}/)).toEqual([
      "run",
      "status",
      "category",
      "salesperson",
      "shopper",
      "steering",
      "done",
      "da",
      "tokens",
      "cost",
      "cache saved",
    ]);
    expect(table.out).toMatch(
      /rule-ref\s+complete\s+smart-watches\s+reference\s+rule\s+-\s+12\/12\s+100\.0%/,
    );
  });

  it("evaluates it: DA 1.0 per category and overall, with the six columns and the estimator named", async () => {
    const r = await runCli("customersim", "evaluate", "rule-ref", "--dir", dir, "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as EvalJson;
    const [run] = report.runs;
    expect(run!.overall).toMatchObject({ conversations: 12, da: 1, fmt: 0, end: 0 });
    for (const key of ["crit", "cpl", "red"] as const) expect(typeof run!.overall[key]).toBe("number");
    expect(run!.estimators).toEqual({ crit: "rule", cpl: "rule" });
    expect(Object.keys(run!.byCategory)).toEqual(["smart-watches"]);
    expect(run!.byCategory["smart-watches"]!.da).toBe(1);

    const table = await runCli("customersim", "evaluate", "rule-ref", "--dir", dir);
    expect(table.out).toMatch(
      /CATEGORY\s+N\s+DA\s+WALK-OUT\s+BUY-FIRST\s+SHOWN\s+CRIT\.\s+%CPL\.\s+RED\.\s+FMT\.\s+END\./,
    );
    expect(table.out).toMatch(/overall\s+12\s+1\.000/);
  });

  it("prints the human values and the differences with --human-baseline", async () => {
    const human = tmp();
    const dialogue = (domain: string, turns: string[]) => ({
      domain,
      completed: true,
      messages: turns.flatMap((t) => [
        { role: "human", content: t },
        { role: "ai", content: "Sure, here are some options." },
      ]),
    });
    writeFileSync(
      join(human, "d1.json"),
      JSON.stringify(
        dialogue("watches", ["I want a watch with GPS that works with my iPhone.", "ok thanks"]),
      ),
    );
    writeFileSync(
      join(human, "d2.json"),
      JSON.stringify(
        dialogue("watches", ["Looking for something waterproof under 200 dollars.", "Sounds good."]),
      ),
    );
    const r = await runCli(
      "customersim",
      "evaluate",
      "rule-ref",
      "--dir",
      dir,
      "--human-baseline",
      human,
      "--json",
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as EvalJson & {
      runs: { overall: { human: { crit: number }; delta: { crit: number } } }[];
    };
    expect(report.human!.dialogues).toBe(2);
    const o = report.runs[0]!.overall;
    expect(o.delta.crit).toBeCloseTo((o as unknown as { crit: number }).crit - o.human.crit);
    const table = await runCli(
      "customersim",
      "evaluate",
      "rule-ref",
      "--dir",
      dir,
      "--human-baseline",
      human,
    );
    expect(table.out).toMatch(/CRIT\. HUMAN/);
    expect(table.out).toMatch(/human baseline: 2 RecQuest dialogues/);
  });

  it("exports SFT and GRPO rows that validate, prompted as the LLM shopper is", async () => {
    const out = join(dir, "sft.jsonl");
    const sft = await runCli(
      "customersim",
      "export",
      "rule-ref",
      "--dir",
      dir,
      "--format",
      "sft",
      "--out",
      out,
    );
    expect(sft.code, sft.err).toBe(0);
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => SftRow.parse(JSON.parse(l)));
    expect(rows).toHaveLength(12);
    const persona = personas.find((p) => p.id === rows[0]!.persona_id)!;
    const knowledge = defaultChatStore().knowledge(persona.category);
    expect(rows[0]!.messages[0]).toEqual({
      role: "system",
      content: shopperSystemPrompt(persona, knowledge),
    });
    expect(rows[0]!.messages[1]).toEqual({ role: "user", content: SALES_GREETING });

    const grpo = await runCli("customersim", "export", "rule-ref", "--dir", dir, "--format", "grpo");
    expect(grpo.code, grpo.err).toBe(0);
    const grpoRows = grpo.out
      .trim()
      .split("\n")
      .map((l) => GrpoRow.parse(JSON.parse(l)));
    expect(grpoRows.every((g) => g.rewards.align === 1)).toBe(true);

    for (const format of ["sft", "grpo"]) {
      const schema = await runCli("customersim", "export", "--schema", format);
      expect(JSON.parse(schema.out)).toMatchObject({ type: "object" });
      const same = await runCli("schema", `customersim-${format}`);
      expect(same.out).toBe(schema.out);
    }
  });

  it("siturec export writes its conversations whole; SituRecBench commands refuse it", async () => {
    const r = await runCli("export", "rule-ref", "--dir", dir);
    expect(r.code).toBe(0);
    const lines = r.out
      .trim()
      .split("\n")
      .map((l) => StoredConversation.parse(JSON.parse(l)));
    expect(lines).toHaveLength(12);
    expect(lines[0]!.header).toMatchObject({ benchmark: "customersim", env: "smart-watches" });
    const evaluate = await runCli("evaluate", "rule-ref", "--dir", dir);
    expect(evaluate.code).toBe(2);
    expect(evaluate.err).toMatch(/customersim run/);
    const resume = await runCli("run", "--resume", "rule-ref", "--out", dir);
    expect(resume.code).toBe(2);
    expect(resume.err).toMatch(/siturec customersim run --resume rule-ref/);
  });
});

describe("resuming an interrupted CustomerSim run", () => {
  it("plays only the conversations that did not finish", async () => {
    const dir = tmp();
    const config = parseCustomerSimRunConfig({
      shopper: "rule",
      sales: "pushy",
      personas: "0:8",
      category: "games",
      concurrency: 1,
      storeDir: dir,
    });
    const stop = new AbortController();
    const first = await runCustomerSim(config, {
      runId: "cut",
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done === 3) stop.abort();
      },
    });
    expect(first.status).toBe("interrupted");
    expect(first.scores.overall.conversations).toBe(3);

    const played: string[] = [];
    let kept = -1;
    const second = await runCustomerSim(config, {
      resume: "cut",
      onStart: (info) => {
        kept = info.kept;
      },
      onProgress: (p) => played.push(p.last!.taskId),
    });
    expect(kept).toBe(3);
    expect(played).toHaveLength(5);
    const games = personas.filter((p) => p.category === "games").slice(0, 8);
    expect(played).toEqual(games.slice(3).map((p) => p.id));
    expect(second).toMatchObject({ status: "complete", runId: "cut" });
    expect(second.scores.overall).toMatchObject({ conversations: 8, da: 1 });

    // Through the command line: a second interrupted run resumed with --resume.
    const stop2 = new AbortController();
    await runCustomerSim(config, {
      runId: "cut2",
      signal: stop2.signal,
      onProgress: (p) => {
        if (p.done === 2) stop2.abort();
      },
    });
    const r = await runCli("customersim", "run", "--resume", "cut2", "--out", dir);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("run cut2: 8 conversations (2 finished conversations kept)");
    expect(r.out).toMatch(/run cut2 \(complete\)/);
    const store = openRunStore(dir, { readonly: true });
    const rows = await store.episodes("cut2");
    await store.close();
    expect(rows.filter((e) => e.status === "finished")).toHaveLength(8);
  });
});

describe("the agents a CustomerSim run names", () => {
  it("are refused for the wrong role, saying whose they are and what the role takes", async () => {
    const shopper = await runCli(
      "customersim",
      "run",
      "--shopper",
      "reference",
      "--sales",
      "pushy",
      "--out",
      tmp(),
    );
    expect(shopper.code).toBe(2);
    expect(shopper.err).toContain(
      "shopper: 'reference' is a salesperson, not a shopper (the shopper is one of: rule, walk-out, buy-first, a model id such as openai:gpt-4o)",
    );
    const sales = await runCli("customersim", "run", "--shopper", "rule", "--sales", "rule", "--out", tmp());
    expect(sales.code).toBe(2);
    expect(sales.err).toContain("sales: 'rule' is a shopper, not a salesperson");
  });
});
