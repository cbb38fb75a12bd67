import { describe, expect, it } from "vitest";
import type { Turn } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { shownAcceptable } from "./shown-acceptable.js";

const personas = loadCustomerSimData().personas.personas;
const feasible = personas.filter((p) => p.category === "games" && p.feasible);
const infeasible = personas.find((p) => p.category === "games" && !p.feasible)!;

const sales = (recommended: string[]): Turn => ({
  index: 1,
  round: 1,
  role: "sales",
  text: "",
  toolCalls: [],
  toolResults: [],
  recommended,
  formatErrors: [],
});

describe("shown acceptable", () => {
  it("counts feasible personas' conversations whose sales turns recommended an acceptable product", () => {
    const [a, b] = feasible;
    const other = loadCustomerSimData().catalog.products.find(
      (p) => p.category === "games" && !a!.acceptable.includes(p.id) && !b!.acceptable.includes(p.id),
    )!.id;
    const table = shownAcceptable(
      [
        { personaId: a!.id, category: "games", transcript: [sales([other]), sales([a!.acceptable[0]!])] },
        { personaId: b!.id, category: "games", transcript: [sales([other])] },
        { personaId: infeasible.id, category: "games", transcript: [sales([other])] },
      ],
      personas,
    );
    expect(table.overall).toEqual({ feasible: 2, shown: 1, share: 0.5 });
    expect(table.byCategory.games).toEqual(table.overall);
    expect(
      shownAcceptable([{ personaId: infeasible.id, category: "games", transcript: [] }], personas).overall,
    ).toEqual({ feasible: 0, shown: 0, share: null });
  });
});
