import { describe, expect, it } from "vitest";
import type { SalesAgent } from "../chat/index.js";
import { runConversation } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { decisionAlignment } from "../metrics/index.js";
import { createBuyFirstShopper, createWalkOutShopper } from "./floor-shoppers.js";
import { createPushySales } from "./pushy-sales.js";

const personas = loadCustomerSimData().personas.personas;
const persona = personas.find((p) => p.feasible)!;

/** A salesperson that recommends `ids` from round `from` on (nothing before). */
const recommending = (ids: string[], from = 1): SalesAgent => ({
  id: "test",
  salesTurn: async (ctx) =>
    ctx.round >= from ? { text: "Have a look.", recommended: ids } : { text: "Let me see.", recommended: [] },
});

describe("the floor shoppers", () => {
  it("say only what they shop for", async () => {
    const r = await runConversation({ persona, shopper: createWalkOutShopper(), sales: createPushySales() });
    expect(r.transcript[0]!.text).toBe(`Hi, I'm looking for ${persona.shoppingFor}.`);
  });

  it("walk-out leaves right after the first recommendation, whatever it was", async () => {
    const good = persona.acceptable[0]!;
    const r = await runConversation({
      persona,
      shopper: createWalkOutShopper(),
      sales: recommending([good], 3),
    });
    expect(r).toMatchObject({ ending: "end_conversation", rounds: 4, purchased: null, recommended: [good] });
    expect(decisionAlignment({ ...r, acceptable: persona.acceptable }).case).toBe("wrong_abstention");
  });

  it("buy-first buys the first product recommended", async () => {
    const bad = loadCustomerSimData().catalog.products.find(
      (p) => p.category === persona.category && !persona.acceptable.includes(p.id),
    )!.id;
    const good = persona.acceptable[0]!;
    const r = await runConversation({
      persona,
      shopper: createBuyFirstShopper(),
      sales: recommending([bad, good]),
    });
    expect(r).toMatchObject({ ending: "purchase", rounds: 2, purchased: bad });
    expect(decisionAlignment({ ...r, acceptable: persona.acceptable }).case).toBe("wrong_acceptance");
  });

  it("both ask again while nothing is recommended and leave at the turn limit", async () => {
    for (const shopper of [createWalkOutShopper(), createBuyFirstShopper()]) {
      const r = await runConversation({ persona, shopper, sales: recommending([], 1), turnLimit: 4 });
      expect(r).toMatchObject({
        ending: "end_conversation",
        rounds: 4,
        purchased: null,
        endedAtFirstTurn: false,
      });
      expect(r.transcript[2]!.text).toContain("I haven't seen anything yet.");
    }
  });
});
