import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-floors");

interface FloorsJson {
  runs: {
    floors: {
      sales: string;
      walkOut: { kind: string; runId?: string; command?: string };
      buyFirst: { kind: string };
    };
    overall: { floors: { walkOut: number | null; buyFirst: number | null } };
  }[];
}

describe("the DA floors of a model salesperson", () => {
  let server: MockOpenAIServer;
  beforeAll(async () => {
    server = await MockOpenAIServer.start();
  });
  afterAll(() => server.close());

  it("are the command that plays them until floor runs of the same salesperson cover the run's personas", async () => {
    const dir = tmp();
    const sales = server.modelId("sales-lm");
    const scope = ["--category", "laptops", "--personas", "0:3", "--turn-limit", "2"];
    const played = await runCli(
      "customersim",
      "run",
      ...["--shopper", "rule", "--sales", sales, ...scope, "--out", dir, "--run-id", "rule-llm", "--quiet"],
    );
    expect(played.code, played.err).toBe(0);
    const evaluate = async () => {
      const r = await runCli("customersim", "evaluate", "rule-llm", "--dir", dir, "--json");
      expect(r.code, r.err).toBe(0);
      return (JSON.parse(r.out) as FloorsJson).runs[0]!;
    };
    const before = await evaluate();
    expect(before.overall.floors).toEqual({ walkOut: null, buyFirst: null });
    const command = `siturec customersim run --shopper walk-out --sales ${sales} --category laptops --personas 0:3 --turn-limit 2 --store ${dir}`;
    expect(before.floors.walkOut).toEqual({ kind: "missing", command });
    const text = await runCli("customersim", "evaluate", "rule-llm", "--dir", dir);
    expect(text.out).toContain(`not played yet; make it with: ${command}`);

    // The printed command, as given, makes the floor run.
    const argv = command.split(" ").slice(1);
    const floor = await runCli(...argv, "--run-id", "walkout-llm", "--quiet");
    expect(floor.code, floor.err).toBe(0);
    const after = await evaluate();
    expect(after.floors.walkOut).toEqual({ kind: "run", runId: "walkout-llm" });
    expect(after.floors.buyFirst.kind).toBe("missing");
    // The mock salesperson recommends nothing: walking out is always right.
    expect(after.overall.floors).toEqual({ walkOut: 1, buyFirst: null });
  });
});

describe("customersim report", () => {
  it("puts the floors beside DA and compares each run with the first, persona by persona", async () => {
    const dir = tmp();
    for (const [shopper, runId] of [
      ["rule", "rule-pushy"],
      ["walk-out", "walkout-pushy"],
    ]) {
      const r = await runCli(
        "customersim",
        "run",
        ...["--shopper", shopper!, "--sales", "pushy", "--category", "games", "--personas", "0:16"],
        ...["--out", dir, "--run-id", runId!, "--quiet"],
      );
      expect(r.code, r.err).toBe(0);
    }
    const out = join(dir, "report");
    const r = await runCli(
      "customersim",
      "report",
      "rule-pushy",
      "walkout-pushy",
      "--dir",
      dir,
      "--out",
      out,
    );
    expect(r.code, r.err).toBe(0);
    const table1 = readFileSync(join(out, "decision-alignment.csv"), "utf8").split("\n");
    expect(table1[0]).toMatch(/,overall,walkout_floor,buyfirst_floor,shown_acceptable$/);
    // The walk-out run's DA is its own walk-out floor.
    const walkout = table1.find((l) => l.startsWith("walkout-pushy,"))!.split(",");
    expect(walkout.at(-4)).toBe(walkout.at(-3));
    const comparisons = readFileSync(join(out, "comparisons.csv"), "utf8").split("\n");
    expect(comparisons[0]).toBe("run,baseline,metric,pairs,mean_a,mean_b,difference,p,d,dz");
    const da = comparisons.find((l) => l.startsWith("walkout-pushy,rule-pushy,da,16,"));
    expect(da).toBeDefined();
    expect(readFileSync(join(out, "index.md"), "utf8")).toMatch(/Paired comparisons with the first run/);
  });
});
