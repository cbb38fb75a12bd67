import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { loadCustomerSimData } from "../customersim/index.js";
import { readCustomerSimRun, sampleOf } from "../customersim/stored-conversation.js";
import {
  customerSimIdentityParts,
  parseCustomerSimRunConfig,
  runCustomerSim,
  selectConversations,
} from "../runner/customersim/index.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-samples");
const personas = loadCustomerSimData().personas.personas;

async function headersOf(dir: string, runId: string) {
  const store = openRunStore(dir, { readonly: true });
  try {
    return (await readCustomerSimRun(store, runId)).headers;
  } finally {
    await store.close();
  }
}

describe("customersim run --samples G", () => {
  it("plays G rollouts per persona, each stored with its sample index, task and seed", async () => {
    const dir = tmp();
    const r = await runCli(
      "customersim",
      "run",
      "--shopper",
      "rule",
      "--sales",
      "reference",
      "--category",
      "games",
      "--personas",
      "0:3",
      "--samples",
      "3",
      "--out",
      dir,
      "--run-id",
      "g3",
      "--quiet",
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/9 conversations: DA 1\.000/);
    expect(r.out).toContain("3 samples per persona (built-in agents on both sides play every sample alike)");
    const headers = await headersOf(dir, "g3");
    const games = personas.filter((p) => p.category === "games").slice(0, 3);
    expect(headers.map((h) => [h.task.id, sampleOf(h)])).toEqual(
      games.flatMap((p) => [
        [p.id, 0],
        [`${p.id}#1`, 1],
        [`${p.id}#2`, 2],
      ]),
    );
    expect(headers[0]!.seed).toBe(0);
    expect(new Set(headers.map((h) => h.seed)).size).toBe(7);
    // Built-in agents sample nothing: none recorded.
    expect(headers[0]!.sampling).toBeUndefined();

    const runs = JSON.parse((await runCli("runs", "--dir", dir, "--json")).out) as { finished: number }[];
    expect(runs[0]!.finished).toBe(9);
  });

  it("evaluates a run of samples as the mean over samples: identical samples score as one", async () => {
    const dir = tmp();
    const base = ["customersim", "run", "--shopper", "rule", "--sales", "reference", "--personas", "0:6"];
    expect((await runCli(...base, "--out", dir, "--run-id", "one", "--quiet")).code).toBe(0);
    expect((await runCli(...base, "--samples", "3", "--out", dir, "--run-id", "three", "--quiet")).code).toBe(
      0,
    );
    const overall = async (run: string) => {
      const r = await runCli("customersim", "evaluate", run, "--store", dir, "--json");
      expect(r.code, r.err).toBe(0);
      const o = (JSON.parse(r.out) as { runs: { overall: Record<string, number> }[] }).runs[0]!.overall;
      return { da: o.da, crit: o.crit, cpl: o.cpl, red: o.red, fmt: o.fmt, end: o.end };
    };
    const one = await overall("one");
    const three = await overall("three");
    expect({ ...three, red: 0 }).toEqual({ ...one, red: 0 });
    // The same up to the order of a floating-point sum.
    expect(three.red).toBeCloseTo(one.red!, 12);
    // Red. compares a conversation with other personas' only, never with its own persona's samples.
    expect(one.red).toBeLessThan(0.9);
  });

  it("resumes a run of samples, keeping each finished sample and playing the rest", async () => {
    const dir = tmp();
    const config = parseCustomerSimRunConfig({
      shopper: "rule",
      sales: "pushy",
      category: "laptops",
      personas: "0:2",
      samples: 3,
      concurrency: 1,
      storeDir: dir,
    });
    const stop = new AbortController();
    const first = await runCustomerSim(config, {
      runId: "cut",
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done === 4) stop.abort();
      },
    });
    expect(first.status).toBe("interrupted");
    const played: string[] = [];
    const second = await runCustomerSim(config, {
      resume: "cut",
      onProgress: (p) => played.push(p.last!.taskId),
    });
    const [, b] = personas.filter((p) => p.category === "laptops");
    expect(played).toEqual([`${b!.id}#1`, `${b!.id}#2`]);
    expect(second).toMatchObject({ status: "complete", samples: 3 });
    expect(second.scores.overall.conversations).toBe(6);
  });

  it("keeps a single-sample run's store keys, positions and identity", () => {
    const one = parseCustomerSimRunConfig({
      shopper: "rule",
      sales: "reference",
      personas: "3:5",
      storeDir: "x",
    });
    expect(selectConversations(personas, one).map((s) => [s.key, s.position, s.seed])).toEqual([
      [`${personas[3]!.category}/${personas[3]!.id}`, 3, 0],
      [`${personas[4]!.category}/${personas[4]!.id}`, 4, 0],
    ]);
    expect(customerSimIdentityParts(one).config).not.toHaveProperty("samples");
    expect(customerSimIdentityParts(one).config).not.toHaveProperty("sampling");
    const three = parseCustomerSimRunConfig({ ...one, samples: 3 });
    expect(selectConversations(personas, three).map((s) => s.position)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(customerSimIdentityParts(three).config).toHaveProperty("samples", 3);
  });
});

describe("customersim run's sampling flags", () => {
  const run = (...args: string[]) =>
    runCli("customersim", "run", "--personas", "0:1", "--out", tmp(), "--quiet", ...args);

  it("are refused out of range, naming the flag and what it takes", async () => {
    const m = "openai:gpt-4o";
    const t = await run("--shopper", m, "--sales", "reference", "--temperature", "shopper=3");
    expect(t.code).not.toBe(0);
    expect(t.err).toContain("'shopper=3' is not ROLE=V (a role of shopper, sales, a temperature from 0 to 2");
    const p = await run("--shopper", m, "--sales", "reference", "--top-p", "shopper=0");
    expect(p.err).toContain("a top-p above 0, at most 1");
    const r = await run("--shopper", m, "--sales", "reference", "--repetition-penalty", "buyer=1.1");
    expect(r.err).toContain("'buyer=1.1' is not ROLE=V");
    const s = await run("--shopper", m, "--sales", "reference", "--samples", "0");
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/samples.*1\.\.64/);
  });

  it("are refused for a built-in agent, which samples nothing", async () => {
    const r = await run("--shopper", "rule", "--sales", "reference", "--temperature", "sales=0.5");
    expect(r.code).toBe(2);
    expect(r.err).toContain("--temperature sales=0.5: the sales is 'reference', built in, not a model");
    expect(() =>
      parseCustomerSimRunConfig({
        shopper: "rule",
        sales: "reference",
        sampling: { shopper: { temperature: 1 } },
      }),
    ).toThrow(/built in and samples nothing/);
  });

  it("go into the run's config and identity, with the provider's defaults for what is not set", () => {
    const config = parseCustomerSimRunConfig({
      shopper: "openai-compatible:qwen@http://127.0.0.1:9/v1",
      sales: "openai:gpt-4o",
      sampling: { shopper: { topP: 0.9 } },
    });
    expect(customerSimIdentityParts(config).config).toMatchObject({
      sampling: {
        shopper: { temperature: 0.7, repetitionPenalty: 1.1, topP: 0.9 },
        sales: { temperature: 1 },
      },
    });
  });
});
