import { describe, expect, it } from "vitest";
import { type ConversationResult, runConversation } from "../chat/index.js";
import { defaultChatStore } from "../chat-store/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { scoreConversations } from "../metrics/index.js";
import { CATEGORY_IDS } from "../schema/category.js";
import { createPushySales } from "./pushy-sales.js";
import { createReferenceSales } from "./reference-sales.js";
import { createRuleShopper, statedNeeds } from "./rule-shopper.js";

const personas = loadCustomerSimData().personas.personas;

describe("built-in agents", () => {
  it("state the persona's dealbreakers in the opening", () => {
    const p = personas[0]!;
    const needs = statedNeeds(p);
    for (const d of p.dealbreakers) expect(needs).toContain(d.text);
  });

  it("the pushy salesperson keeps pushing one product", async () => {
    const infeasible = personas.find((p) => !p.feasible)!;
    const r = await runConversation({
      persona: infeasible,
      shopper: createRuleShopper(),
      sales: createPushySales(),
    });
    expect(r).toMatchObject({ ending: "end_conversation", rounds: 10, purchased: null });
    expect(r.recommended).toHaveLength(1);
  });

  it("the reference salesperson answers a question from the buying guide", async () => {
    const r = await runConversation({
      persona: personas[0]!,
      shopper: {
        id: "q",
        shopperTurn: async (c) => ({
          text: c.round === 1 ? "Jeans please." : "How do I read a fabric label?",
        }),
      },
      sales: createReferenceSales(),
      turnLimit: 3,
    });
    const answer = r.transcript[3]!;
    expect(answer.toolCalls.map((c) => c.name)).toContain("lookup_buying_guide");
    expect(answer.text).toContain("Reading a fabric label");
    expect(answer.recommended.some((id) => r.transcript[1]!.recommended.includes(id))).toBe(false);
  });

  // All 360 personas, played a category at a time (each test stays short on a busy machine); the
  // last test scores the 360 together.
  describe.each([
    ["reference", createReferenceSales],
    ["pushy", createPushySales],
  ])("rule shopper vs %s salesperson: DA = 1.0 on all 360 personas", (_name, sales) => {
    const results: ConversationResult[] = [];
    it.each(CATEGORY_IDS)("%s", async (category) => {
      defaultChatStore();
      const mine = personas.filter((p) => p.category === category);
      for (const persona of mine) {
        const result = await runConversation({ persona, shopper: createRuleShopper(), sales: sales() });
        expect(result.formatErrors, persona.id).toEqual([]);
        results.push(result);
      }
      expect(scoreConversations(results.slice(-mine.length), mine).overall.da).toBe(1);
    });

    it("all categories together", () => {
      const table = scoreConversations(results, personas);
      expect(table.overall).toMatchObject({ conversations: 360, da: 1, fmt: 0, end: 0 });
      for (const scores of Object.values(table.byCategory)) expect(scores.da).toBe(1);
    });
  });
});
