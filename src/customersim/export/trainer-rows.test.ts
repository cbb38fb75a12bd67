import { parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { createReferenceSales, createRuleShopper } from "../builtin-agents/index.js";
import { type ConversationResult, runConversation, type ShopperAgent } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { SHOPPER_TOOL_SPECS } from "../llm-agents/tool-specs.js";
import { conversationPrefixes } from "./conversation-prefixes.js";
import { exportRollouts, exportVerlParquet } from "./export-rollouts.js";
import { rowJsonSchema } from "./row-schemas.js";
import { TrlGrpoRow, TrlSftRow, VerlRow } from "./trainer-row-schemas.js";

const data = loadCustomerSimData();
const personas = data.personas.personas;
const persona = personas[0]!;
const names = new Map(data.catalog.products.map((p) => [p.id, p.name]));
const productName = (id: string) => names.get(id);

/**
 * A shopper that reasons every turn: it first asks, then tries to buy a product that does not exist
 * (a format error: the conversation goes on), then buys the first product recommended to it.
 */
function reasoningShopper(): ShopperAgent {
  return {
    id: "reasoning-test",
    async shopperTurn(ctx) {
      const shown = ctx.transcript.flatMap((t) => t.recommended);
      if (ctx.round === 1)
        return { text: `I need ${ctx.persona.shoppingFor}.`, reasoning: "Start with the need." };
      if (ctx.round === 2)
        return {
          text: "I'll take that one.",
          reasoning: "Try to buy.",
          toolCalls: [{ name: "add_to_cart", arguments: { product_id: "zz-999" } }],
        };
      return {
        text: "Great, that one.",
        reasoning: `Check ${shown[0]} against the dealbreakers.`,
        toolCalls: [{ name: "add_to_cart", arguments: { product_id: shown[0] } }],
      };
    },
  };
}

async function rollouts(): Promise<ConversationResult[]> {
  const reasoned = await runConversation({
    persona,
    shopper: reasoningShopper(),
    sales: createReferenceSales(),
  });
  const infeasible = personas.find((p) => !p.feasible)!;
  const rule = await runConversation({
    persona: infeasible,
    shopper: createRuleShopper(),
    sales: createReferenceSales(),
  });
  return [reasoned, rule];
}

const lines = (jsonl: string) =>
  jsonl
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as unknown);

describe("trl-sft rows", () => {
  it("carry messages with structured tool calls, the shopper's tools and which turns to train", async () => {
    const [reasoned] = await rollouts();
    const [row] = lines(await exportRollouts([reasoned!], personas, { format: "trl-sft", productName })).map(
      (r) => TrlSftRow.parse(r),
    );
    const m = row!.messages;
    expect(m.map((x) => x.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
      "assistant",
      "tool",
      "user",
      "assistant",
    ]);
    expect(m.map((x) => x.train)).toEqual([false, false, true, false, false, false, false, true]);
    expect(m[2]!.content).toBe(
      `<reasoning>\nStart with the need.\n</reasoning>\nI need ${persona.shoppingFor}.`,
    );
    // The failed call is answered as the LLM shopper is told; the final, terminal one is not.
    expect(m[4]!.tool_calls).toEqual([
      {
        id: "call_2_0",
        type: "function",
        function: { name: "add_to_cart", arguments: { product_id: "zz-999" } },
      },
    ]);
    expect(m[5]).toMatchObject({ role: "tool", tool_call_id: "call_2_0", name: "add_to_cart" });
    expect(m[5]!.content).toMatch(/^error: add_to_cart: unknown product "zz-999"/);
    const bought = reasoned!.purchased!;
    expect(m[7]!.tool_calls![0]!.function.arguments).toEqual({ product_id: bought });
    expect(row!.tools.map((t) => t.function.name)).toEqual(["add_to_cart", "end_conversation"]);
    expect(row!.tools[0]!.function.parameters).toEqual(SHOPPER_TOOL_SPECS[0]!.inputSchema);
    expect(row).toMatchObject({
      ending: "purchase",
      purchased: bought,
      shopper_format_error: true,
      sample: 0,
    });
  });

  it("moves the reasoning to reasoning_content, or leaves it out", async () => {
    const [reasoned] = await rollouts();
    const row = async (reasoning: "reasoning_content" | "none") =>
      TrlSftRow.parse(
        lines(await exportRollouts([reasoned!], personas, { format: "trl-sft", reasoning }))[0],
      );
    const field = (await row("reasoning_content")).messages[2]!;
    expect(field).toMatchObject({
      content: `I need ${persona.shoppingFor}.`,
      reasoning_content: "Start with the need.",
    });
    const none = (await row("none")).messages.filter((x) => x.role === "assistant");
    expect(none.every((x) => !x.content.includes("<reasoning>") && x.reasoning_content === undefined)).toBe(
      true,
    );
  });
});

describe("trl-grpo rows", () => {
  it("are one prompt per shopper turn with what the reward functions need", async () => {
    const [reasoned, rule] = await rollouts();
    const rows = lines(
      await exportRollouts([reasoned!, rule!], personas, { format: "trl-grpo", productName }),
    ).map((r) => TrlGrpoRow.parse(r));
    expect(rows).toHaveLength(reasoned!.rounds + rule!.rounds);
    const [first, second, third] = rows;
    expect(first!.prompt.map((m) => m.role)).toEqual(["system", "user"]);
    expect(first).toMatchObject({
      round: 1,
      recommended: [],
      acceptable: persona.acceptable,
      feasible: true,
    });
    expect(second!.prompt.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    // Prompts hold what the shopper model sees: its earlier turns without their reasoning.
    expect(second!.prompt[2]!.content).toBe(`I need ${persona.shoppingFor}.`);
    expect(third!.prompt.map((m) => m.role).slice(4)).toEqual(["assistant", "tool", "user"]);
    expect(third!.prompt[4]!.tool_calls![0]!.function.arguments).toEqual({ product_id: "zz-999" });
    const shown = reasoned!.transcript[1]!.recommended;
    expect(second!.recommended).toEqual(shown);
    expect(second!.recommended_names).toEqual(shown.map((id) => names.get(id)));
    // The shopper bought at round 3, before the turn limit: what would have come after is unknown.
    expect(third!.recommended_later).toBeNull();
    expect(first!.recommended_later).toEqual(
      [...new Set(reasoned!.transcript.flatMap((t) => t.recommended))].filter(
        (id) => !first!.recommended.includes(id),
      ),
    );
    const infeasible = rows.slice(reasoned!.rounds);
    expect(infeasible.every((r) => r.acceptable.length === 0 && !r.feasible)).toBe(true);
  });

  it("know what came later only when the conversation went on", async () => {
    const [, rule] = await rollouts();
    const prefixes = conversationPrefixes(rule!);
    expect(prefixes.map((p) => p.round)).toEqual(prefixes.map((_, i) => i + 1));
    const last = prefixes.at(-1)!;
    // At the turn limit nothing could come after, whatever the shopper did.
    expect(last.round === rule!.turnLimit || rule!.ending === "turn_limit").toBe(
      last.recommendedLater !== null,
    );
  });
});

const plain = (v: unknown): unknown =>
  typeof v === "bigint"
    ? Number(v)
    : Array.isArray(v)
      ? v.map(plain)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
        : v;

describe("verl rows", () => {
  it("are written as Parquet that reads back field for field, the same bytes every time", async () => {
    const results = await rollouts();
    const { rows, parquet } = exportVerlParquet(results, personas, {
      productName,
      meta: [{ sample: 2 }, {}],
    });
    expect(rows).toHaveLength(results[0]!.rounds + results[1]!.rounds);
    const read = (await parquetReadObjects({ file: parquet.buffer as ArrayBuffer })).map(plain);
    expect(read).toEqual(rows);
    for (const r of read) VerlRow.parse(r);
    const [first] = rows;
    expect(first).toMatchObject({
      data_source: "siturec/customersim",
      ability: "shopper-simulation",
      reward_model: { style: "rule", ground_truth: persona.acceptable },
      extra_info: { split: "train", index: 0, persona_id: persona.id, round: 1, sample: 2 },
    });
    expect(rows.map((r) => r.extra_info.index)).toEqual(rows.map((_, i) => i));
    expect(first!.prompt[0]!.content).toContain('<tool_call>\n{"name":"add_to_cart"');
    // A failed call in a prompt is written as the text a model would have written.
    expect(rows[2]!.prompt[4]!.content).toContain(
      '{"name":"add_to_cart","arguments":{"product_id":"zz-999"}}',
    );
    expect(rows[2]!.prompt[5]).toMatchObject({ role: "tool" });
    const again = exportVerlParquet(results, personas, {
      productName,
      meta: [{ sample: 2 }, {}],
    });
    expect(Buffer.from(again.parquet).equals(Buffer.from(parquet))).toBe(true);
  });
});

describe("JSON Schemas of the trainer formats", () => {
  it("describe the rows", async () => {
    const results = await rollouts();
    for (const format of ["trl-sft", "trl-grpo"] as const) {
      const schema = rowJsonSchema(format) as { properties: Record<string, unknown>; required: string[] };
      const row = lines(await exportRollouts(results, personas, { format, productName }))[0] as Record<
        string,
        unknown
      >;
      expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(row).sort());
      for (const key of schema.required) expect(row).toHaveProperty(key);
    }
    const verl = rowJsonSchema("verl") as { required: string[] };
    expect(verl.required).toEqual(["data_source", "prompt", "ability", "reward_model", "extra_info"]);
  });
});
