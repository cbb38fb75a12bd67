import { describe, expect, it } from "vitest";
import {
  createBuyFirstShopper,
  createReferenceSales,
  createWalkOutShopper,
  decisionAlignment,
  loadCustomerSimData,
  runConversation,
} from "../../customersim/index.js";
import type { EpisodeRow, RunRow } from "../../storage/run-store.js";
import { daFloors, type FloorRunSource, floorCommand } from "./da-floors.js";

const personas = loadCustomerSimData()
  .personas.personas.filter((p) => p.category === "laptops")
  .slice(0, 6);

const runRow = (id: string, config: Record<string, unknown>, createdAt = "2025-01-01T00:00:00Z"): RunRow =>
  ({ id, benchmark: "customersim", config, createdAt, status: "complete" }) as unknown as RunRow;

const episode = (runId: string, taskId: string, success: boolean, status = "finished"): EpisodeRow =>
  ({ runId, env: "laptops", taskId, status, success }) as unknown as EpisodeRow;

/** A store that holds only runs and their episode rows. */
function fakeStore(runs: RunRow[], episodes: EpisodeRow[]): FloorRunSource {
  return {
    listRuns: async () => runs,
    episodes: async (runId: string) => episodes.filter((e) => e.runId === runId),
  };
}

describe("DA floors", () => {
  it("plays the walk-out and buy-first shoppers against a built-in salesperson, as a run of them would", async () => {
    const run = runRow("r", { shopper: "rule", sales: "reference", category: "laptops", personas: "0:6" });
    const floors = (await daFloors(fakeStore([], []), run, personas))!;
    expect(floors.walkOut.source.kind).toBe("played");
    for (const [side, shopper] of [
      [floors.walkOut, createWalkOutShopper],
      [floors.buyFirst, createBuyFirstShopper],
    ] as const) {
      const das = [];
      for (const p of personas) {
        const r = await runConversation({ persona: p, shopper: shopper(), sales: createReferenceSales() });
        das.push(decisionAlignment({ ...r, acceptable: p.acceptable }).da);
      }
      expect(side.overall).toBeCloseTo(das.reduce((s: number, d) => s + d, 0) / das.length, 12);
      expect(side.byCategory.laptops).toBe(side.overall);
    }
  });

  it("reads a model salesperson's floors from the newest floor run over every persona, else says how to make them", async () => {
    const sales = "openai:gpt-4o";
    const config = {
      shopper: "openai:gpt-4o-mini",
      sales,
      category: "laptops",
      personas: "0:6",
      turnLimit: 4,
    };
    const run = runRow("llm", config);
    const all = (runId: string, success: (i: number) => boolean) =>
      personas.map((p, i) => episode(runId, p.id, success(i)));
    const store = fakeStore(
      [
        runRow("wo-old", { ...config, shopper: "walk-out" }, "2025-01-01T00:00:00Z"),
        runRow("wo-new", { ...config, shopper: "walk-out" }, "2025-02-01T00:00:00Z"),
        runRow("wo-partial", { ...config, shopper: "walk-out" }, "2025-03-01T00:00:00Z"),
        runRow("wo-other-limit", { ...config, shopper: "walk-out", turnLimit: 10 }, "2025-04-01T00:00:00Z"),
      ],
      [
        ...all("wo-old", () => false),
        // A persona's samples are averaged; an unfinished episode is not counted.
        ...all("wo-new", (i) => i < 3),
        episode("wo-new", `${personas[0]!.id}#1`, false),
        episode("wo-new", personas[5]!.id, true, "error"),
        ...all("wo-partial", () => true).slice(1),
        ...all("wo-other-limit", () => true),
      ],
    );
    const floors = (await daFloors(store, run, personas, "runs/"))!;
    expect(floors.walkOut.source).toEqual({ kind: "run", runId: "wo-new" });
    expect(floors.walkOut.overall).toBeCloseTo((0.5 + 1 + 1) / 6, 12);
    expect(floors.buyFirst).toEqual({
      shopper: "buy-first",
      source: {
        kind: "missing",
        command:
          "siturec customersim run --shopper buy-first --sales openai:gpt-4o --category laptops --personas 0:6 --turn-limit 4 --store runs/",
      },
      overall: null,
      byCategory: {},
    });
  });

  it("writes the command with only the flags that differ from the defaults", () => {
    expect(
      floorCommand("walk-out", {
        shopper: "x",
        sales: "anthropic:claude-sonnet-4-5",
        retrieval: "openai:text-embedding-3-small",
        turnLimit: 10,
        sampling: { sales: { temperature: 0.7, repetitionPenalty: 1.1 } },
      }),
    ).toBe(
      "siturec customersim run --shopper walk-out --sales anthropic:claude-sonnet-4-5 --retrieval openai:text-embedding-3-small --temperature sales=0.7 --repetition-penalty sales=1.1",
    );
  });
});
