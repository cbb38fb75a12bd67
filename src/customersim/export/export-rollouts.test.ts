import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createReferenceSales, createRuleShopper } from "../builtin-agents/index.js";
import { type ConversationResult, runConversation } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { exportRollouts } from "./export-rollouts.js";
import { readRollouts } from "./read-rollouts.js";
import { GrpoRow, rowJsonSchema, SftRow } from "./row-schemas.js";

const personas = loadCustomerSimData().personas.personas;

async function rollouts(): Promise<ConversationResult[]> {
  const out = [];
  for (const persona of [personas[0]!, personas.find((p) => !p.feasible)!]) {
    out.push(await runConversation({ persona, shopper: createRuleShopper(), sales: createReferenceSales() }));
  }
  return out;
}

const parseLines = (jsonl: string) =>
  jsonl
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as unknown);

describe("rollout export", () => {
  it("writes SFT rows with the shopper as the assistant", async () => {
    const results = await rollouts();
    const rows = parseLines(await exportRollouts(results, personas, { format: "sft" })).map((r) =>
      SftRow.parse(r),
    );
    expect(rows).toHaveLength(2);
    const [first] = rows;
    expect(first!.messages.map((m) => m.role).slice(0, 4)).toEqual(["system", "user", "assistant", "user"]);
    expect(first!.messages[0]!.content).toContain(personas[0]!.background);
    expect(first!.messages[2]!.content).toBe(results[0]!.transcript[0]!.text);
    const last = first!.messages.at(-1)!;
    expect(last.role).toBe("assistant");
    expect(last.tool_calls?.[0]?.function).toEqual({
      name: "add_to_cart",
      arguments: JSON.stringify({ product_id: results[0]!.purchased }),
    });
    expect(first).toMatchObject({ persona_id: personas[0]!.id, ending: "purchase" });
  });

  it("puts the shopper's stored reasoning before what it says, unless asked to leave it out", async () => {
    const [result] = await rollouts();
    const reasoned = {
      ...result!,
      transcript: result!.transcript.map((t) =>
        t.role === "shopper" ? { ...t, reasoning: "Dealbreakers first." } : t,
      ),
    };
    const content = async (reasoning?: "none") =>
      SftRow.parse(parseLines(await exportRollouts([reasoned], personas, { format: "sft", reasoning }))[0])
        .messages[2]!.content;
    expect(await content()).toBe(
      `<reasoning>\nDealbreakers first.\n</reasoning>\n${result!.transcript[0]!.text}`,
    );
    expect(await content("none")).toBe(result!.transcript[0]!.text);
  });

  it("writes GRPO rows with the reward, its components and the persona as group", async () => {
    const results = await rollouts();
    const rows = parseLines(await exportRollouts(results, personas, { format: "grpo" })).map((r) =>
      GrpoRow.parse(r),
    );
    for (const [i, row] of rows.entries()) {
      expect(row.group_id).toBe(results[i]!.personaId);
      expect(row.prompt.map((m) => m.role)).toEqual(["system", "user"]);
      expect(row.completion[0]!.role).toBe("assistant");
      expect(row.rewards.align).toBe(1);
      expect(row.rewards.reason).toBeNull();
      expect(row.reward).toBeGreaterThan(0);
      expect(row.reward).toBeLessThanOrEqual(1);
    }
  });

  it("publishes a JSON Schema per row format that matches the rows", async () => {
    const results = await rollouts();
    for (const format of ["sft", "grpo"] as const) {
      const schema = rowJsonSchema(format) as {
        type: string;
        required: string[];
        properties: Record<string, unknown>;
      };
      expect(schema.type).toBe("object");
      const row = parseLines(await exportRollouts(results, personas, { format }))[0] as Record<
        string,
        unknown
      >;
      // Every key a row has is in the schema, and every required key is in the row.
      expect(Object.keys(schema.properties).sort()).toEqual(expect.arrayContaining(Object.keys(row).sort()));
      for (const key of schema.required) expect(row).toHaveProperty(key);
    }
    expect((rowJsonSchema("grpo") as { required: string[] }).required).toEqual(
      expect.arrayContaining(["prompt", "completion", "reward", "rewards", "group_id"]),
    );
  });

  it("reads rollouts from JSONL and names the bad field", async () => {
    const dir = mkdtempSync(join(tmpdir(), "customersim-export-"));
    const good = join(dir, "good.jsonl");
    const results = await rollouts();
    writeFileSync(good, results.map((r) => JSON.stringify(r)).join("\n"));
    expect(readRollouts(good)).toEqual(results);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ ...results[0], rounds: 0 }]));
    expect(() => readRollouts(bad)).toThrow(/bad\.json: \$\[0\]\.rounds/);
  });
});
