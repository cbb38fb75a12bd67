import { describe, expect, it } from "vitest";
import type { ConversationResult } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { scoreConversations } from "./aggregate.js";
import { decisionAlignment } from "./decision-alignment.js";

const acceptable = ["fc-010", "fc-020"];

describe("decision alignment, equation (1)", () => {
  it("is 1 for a correct acceptance", () => {
    expect(decisionAlignment({ purchased: "fc-010", recommended: ["fc-001", "fc-010"], acceptable })).toEqual(
      {
        case: "correct_acceptance",
        da: 1,
      },
    );
  });
  it("is 0 for buying a recommended but unacceptable product", () => {
    expect(decisionAlignment({ purchased: "fc-001", recommended: ["fc-001", "fc-010"], acceptable })).toEqual(
      {
        case: "wrong_acceptance",
        da: 0,
      },
    );
  });
  it("is 0 for buying an acceptable product that was never recommended", () => {
    expect(decisionAlignment({ purchased: "fc-020", recommended: ["fc-001"], acceptable })).toEqual({
      case: "unrecommended_purchase",
      da: 0,
    });
  });
  it("is 1 for abstaining when nothing acceptable was recommended", () => {
    expect(decisionAlignment({ purchased: null, recommended: ["fc-001", "fc-002"], acceptable })).toEqual({
      case: "correct_abstention",
      da: 1,
    });
    expect(decisionAlignment({ purchased: null, recommended: [], acceptable: [] }).da).toBe(1);
  });
  it("is 0 for abstaining when an acceptable product was recommended", () => {
    expect(decisionAlignment({ purchased: null, recommended: ["fc-001", "fc-020"], acceptable })).toEqual({
      case: "wrong_abstention",
      da: 0,
    });
  });
});

describe("scoreConversations", () => {
  const personas = loadCustomerSimData().personas.personas;
  const fc = personas.find((p) => p.category === "female-clothing" && p.feasible)!;
  const gm = personas.find((p) => p.category === "games" && p.feasible)!;
  const result = (over: Partial<ConversationResult>): ConversationResult => ({
    personaId: fc.id,
    category: "female-clothing",
    turnLimit: 10,
    transcript: [],
    purchased: null,
    recommended: [],
    ending: "end_conversation",
    rounds: 2,
    formatErrors: [],
    shopperFormatError: false,
    endedAtFirstTurn: false,
    ...over,
  });

  it("aggregates DA, Fmt. and End. per category and overall", () => {
    const good = fc.acceptable[0]!;
    const table = scoreConversations(
      [
        result({ purchased: good, recommended: [good], ending: "purchase" }),
        result({ recommended: [good], shopperFormatError: true }),
        result({ personaId: gm.id, category: "games", endedAtFirstTurn: true, rounds: 1 }),
      ],
      personas,
    );
    expect(table.byCategory["female-clothing"]).toMatchObject({
      conversations: 2,
      da: 0.5,
      fmt: 0.5,
      end: 0,
    });
    expect(table.byCategory.games).toMatchObject({ conversations: 1, da: 1, end: 1 });
    expect(table.overall.da).toBeCloseTo(2 / 3);
    expect(table.overall.cases).toMatchObject({
      correct_acceptance: 1,
      wrong_abstention: 1,
      correct_abstention: 1,
    });
  });
});
