import { describe, expect, it } from "vitest";
import { defaultChatStore } from "../chat-store/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { decisionAlignment } from "../metrics/index.js";
import type { SalesAgent, ShopperAgent, ShopperReply } from "./agent.js";
import { runConversation } from "./run-conversation.js";
import { Turn } from "./turn.js";

const persona = loadCustomerSimData().personas.personas.find((p) => p.feasible && p.category === "laptops")!;
const store = defaultChatStore();
const good = persona.acceptable[0]!;
const bad = store.products("laptops").find((p) => !persona.acceptable.includes(p.id))!.id;

/** A shopper that says its lines in order, then nothing. */
function scripted(...replies: ShopperReply[]): ShopperAgent {
  return { id: "scripted", shopperTurn: async (ctx) => replies[ctx.round - 1] ?? { text: "Hmm." } };
}

/** A salesperson that recommends the given products each turn, by id. */
function recommending(...perTurn: string[][]): SalesAgent {
  return {
    id: "fixed",
    salesTurn: async (ctx) => {
      await ctx.tools.lookupProductItems("laptop");
      return { text: "Have a look.", recommended: perTurn[ctx.round - 1] ?? [] };
    },
  };
}

const da = (r: Awaited<ReturnType<typeof runConversation>>) =>
  decisionAlignment({ ...r, acceptable: persona.acceptable });

describe("runConversation", () => {
  it("ends on a purchase, recording the recommendations and the lookups", async () => {
    const r = await runConversation({
      persona,
      shopper: scripted({ text: "I need a laptop." }, { text: "Sold.", toolCalls: [cart(good)] }),
      sales: recommending([bad, good]),
    });
    expect(r).toMatchObject({ ending: "purchase", purchased: good, recommended: [bad, good], rounds: 2 });
    expect(r.transcript.map((t) => t.role)).toEqual(["shopper", "sales", "shopper"]);
    expect(r.transcript[1]!.toolResults[0]!.ids).toHaveLength(4);
    expect(da(r)).toEqual({ case: "correct_acceptance", da: 1 });
  });

  it("scores a wrong acceptance and a purchase nobody recommended as 0", async () => {
    const wrong = await runConversation({
      persona,
      shopper: scripted({ text: "Hi." }, { text: "OK.", toolCalls: [cart(bad)] }),
      sales: recommending([bad]),
    });
    expect(da(wrong).case).toBe("wrong_acceptance");
    const unrecommended = await runConversation({
      persona,
      shopper: scripted({ text: "Hi." }, { text: "I'll take this one.", toolCalls: [cart(good)] }),
      sales: recommending([bad]),
    });
    expect(da(unrecommended)).toEqual({ case: "unrecommended_purchase", da: 0 });
  });

  it("scores abstentions by what was recommended", async () => {
    const leave = { text: "Bye.", toolCalls: [{ name: "end_conversation", arguments: {} }] };
    const right = await runConversation({
      persona,
      shopper: scripted({ text: "Hi." }, leave),
      sales: recommending([bad]),
    });
    expect(right).toMatchObject({ ending: "end_conversation", purchased: null });
    expect(da(right).case).toBe("correct_abstention");
    const wrong = await runConversation({
      persona,
      shopper: scripted({ text: "Hi." }, leave),
      sales: recommending([good]),
    });
    expect(da(wrong).case).toBe("wrong_abstention");
  });

  it("counts a malformed call and an unknown product as format errors and goes on", async () => {
    const r = await runConversation({
      persona,
      shopper: scripted(
        { text: "Hi." },
        { text: "This one.", toolCalls: [{ name: "add_to_cart", arguments: { id: good } }] },
        {
          text: "That one.",
          toolCalls: [cart("lt-999"), { name: "lookup_product_items", arguments: { query: "x" } }],
        },
        { text: "Fine.", toolCalls: [cart(good)] },
      ),
      sales: recommending([good], [good], [good]),
    });
    expect(r.ending).toBe("purchase");
    expect(r.shopperFormatError).toBe(true);
    expect(r.formatErrors.map((e) => e.round)).toEqual([2, 3, 3]);
    expect(r.formatErrors[1]!.message).toContain('unknown product "lt-999"');
    expect(r.transcript[2]!.toolCalls[0]!.valid).toBe(false);
  });

  it("ends at the turn limit with the shopper's turn, and flags an exit at turn 1", async () => {
    const r = await runConversation({ persona, shopper: scripted(), sales: recommending(), turnLimit: 3 });
    expect(r).toMatchObject({ ending: "turn_limit", rounds: 3, purchased: null, endedAtFirstTurn: false });
    expect(r.transcript).toHaveLength(5);
    const early = await runConversation({
      persona,
      shopper: scripted({ text: "Never mind.", toolCalls: [{ name: "end_conversation", arguments: {} }] }),
      sales: recommending(),
    });
    expect(early).toMatchObject({ endedAtFirstTurn: true, rounds: 1, ending: "end_conversation" });
  });

  it("never counts a product the text only names: walking out is then a correct abstention", async () => {
    const fc = loadCustomerSimData().personas.personas.find(
      (p) => p.feasible && p.category === "female-clothing" && p.acceptable.includes("fc-017"),
    )!;
    const named = store.product("fc-017")!;
    const leave = { text: "Bye.", toolCalls: [{ name: "end_conversation", arguments: {} }] };
    const r = await runConversation({
      persona: fc,
      shopper: scripted({ text: "Jeans please." }, leave),
      sales: {
        id: "talker",
        salesTurn: async () => ({ text: `I would NOT recommend the ${named.name} (fc-017).` }),
      },
    });
    expect(r.recommended).toEqual([]);
    expect(r.transcript[1]).toMatchObject({ recommended: [], mentionedNotRecommended: ["fc-017"] });
    expect(decisionAlignment({ ...r, acceptable: fc.acceptable })).toEqual({
      case: "correct_abstention",
      da: 1,
    });
  });

  it("takes R(C) from the recommend tool, in first-recommendation order, and rejects unknown ids", async () => {
    const [a, b, c] = persona.acceptable.length >= 3 ? persona.acceptable : [good, bad, good];
    const r = await runConversation({
      persona,
      shopper: scripted({ text: "Hi." }, { text: "More?" }, { text: "Yes.", toolCalls: [cart(good)] }),
      sales: {
        id: "tool-user",
        salesTurn: async (ctx) => {
          if (ctx.round === 1) {
            expect(ctx.tools.recommend([c!, a!, c!])).toMatchObject({ ok: true, name: "recommend" });
            expect(
              await ctx.tools.call({ name: "recommend", arguments: { product_ids: ["lt-999", a] } }),
            ).toMatchObject({ ok: false, error: expect.stringContaining('unknown product "lt-999"') });
            expect(ctx.tools.recommend(["fc-001"]).ok).toBe(false);
            return { text: `Look at ${a}, ${b} and ${c}.` };
          }
          await ctx.tools.call({ name: "recommend", arguments: { product_ids: [b, a] } });
          return { text: "And these.", recommended: [good] };
        },
      },
    });
    expect(r.transcript[1]!.recommended).toEqual([...new Set([c, a])]);
    expect(r.transcript[1]!.toolCalls.map((t) => t.valid)).toEqual([true, false, false]);
    expect(r.transcript[1]!.formatErrors).toHaveLength(2);
    expect(r.transcript[3]!.recommended).toEqual([...new Set([b, a, good])]);
    expect(r.recommended).toEqual([...new Set([c, a, b, good])]);
    expect(r.formatErrors.map((e) => e.role)).toEqual(["sales", "sales"]);
  });

  it("stores each side's reasoning with its turn and never shows the shopper's to the salesperson", async () => {
    const seenBySales: (string | undefined)[] = [];
    const seenByShopper: (string | undefined)[] = [];
    const r = await runConversation({
      persona,
      turnLimit: 2,
      shopper: {
        id: "thinker",
        shopperTurn: async (ctx) => {
          seenByShopper.push(...ctx.transcript.map((t) => t.reasoning));
          return { text: `Turn ${ctx.round}.`, reasoning: ` My dealbreakers first (${ctx.round}). ` };
        },
      },
      sales: {
        id: "sales-thinker",
        salesTurn: async (ctx) => {
          seenBySales.push(...ctx.transcript.map((t) => t.reasoning));
          return { text: "Here.", reasoning: "Pitch the laptop." };
        },
      },
    });
    expect(r.transcript.map((t) => t.reasoning)).toEqual([
      "My dealbreakers first (1).",
      "Pitch the laptop.",
      "My dealbreakers first (2).",
    ]);
    expect(seenBySales).toEqual([undefined]);
    // The shopper's view is the whole record (a runner stores rounds from it).
    expect(seenByShopper).toEqual(["My dealbreakers first (1).", "Pitch the laptop."]);
    expect(Turn.parse(r.transcript[0])).toEqual(r.transcript[0]);
    const { reasoning: _, ...stored } = r.transcript[0]!;
    expect(Turn.parse(stored).reasoning).toBeUndefined();
  });
});

function cart(productId: string) {
  return { name: "add_to_cart", arguments: { product_id: productId } };
}
