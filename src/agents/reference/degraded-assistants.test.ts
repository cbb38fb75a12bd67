import { describe, expect, it } from "vitest";
import type { RoleObservation } from "../../render/observer.js";
import { money } from "../../tasks/build-goal.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { emptyView } from "../testing/empty-view.js";
import type { AssistantContext, AssistantOutput, AssistantPolicy, DialogueTurn } from "../types.js";
import { BlindAssistant, NoGuidanceAssistant, RandomRankingAssistant } from "./degraded-assistants.js";
import { ReferenceAssistant } from "./reference-assistant.js";

const k = await StoreKnowledge.load("supermarket");
const bank = loadTaskBank("supermarket");
const task = bank.tasks.find(
  (t) => t.goal.disclosure.opening === "both" && !t.goal.preferences.required.length,
)!;
const other = bank.tasks.find((t) => t.id !== task.id)!;

/** The shopper's lines, each answered; every turn sees `view`, the shopper at the entrance. */
async function converse(a: AssistantPolicy, lines: string[], view: RoleObservation = emptyView("assistant")) {
  const history: DialogueTurn[] = [];
  const ctx = (turn: number): AssistantContext => ({
    env: "supermarket",
    condition: "full",
    turn,
    maxTurns: 20,
    history,
    observation: view,
    minimap: Buffer.alloc(0),
    shared: { pose: { x: 23.5, z: 20.6, yaw: 0, pitch: 0 }, held: null, cart: [] },
    views: [],
  });
  const outputs: AssistantOutput[] = [(await a.act(ctx(0))).output];
  for (const [i, line] of lines.entries()) {
    history.push({
      turn: i,
      assistant: { utterance: outputs.at(-1)!.utterance },
      shopper: { utterance: line },
    });
    outputs.push((await a.act(ctx(i + 1))).output);
  }
  return outputs;
}

/** Request and budget: the reference then walks the shopper towards the product, asking what to avoid. */
const walking = [task.goal.request, `My budget is about ${money(task.goal.budget.amount)}.`];
const known = [...walking, "That's everything."];

describe("the degraded reference assistants", () => {
  it("random ranking: the reference's dialogue, with a seeded random top 10 that repeats per seed and task", async () => {
    const reference = await converse(new ReferenceAssistant(k), known);
    const random = await converse(new RandomRankingAssistant(k, task, 7), known);
    expect(random.map((o) => ({ ...o, ranking: [] }))).toEqual(reference.map((o) => ({ ...o, ranking: [] })));
    for (const o of random) {
      expect(new Set(o.ranking).size).toBe(10);
      for (const id of o.ranking) expect(k.products.has(id)).toBe(true);
    }
    expect(random[1]!.ranking).not.toEqual(random[2]!.ranking);
    expect(await converse(new RandomRankingAssistant(k, task, 7), known)).toEqual(random);
    const elsewhere = await converse(new RandomRankingAssistant(k, other, 7), known);
    expect(elsewhere.map((o) => o.ranking)).not.toEqual(random.map((o) => o.ranking));
  });

  it("no guidance: where the reference navigates it only asks its question and expects a look around", async () => {
    const reference = (await converse(new ReferenceAssistant(k), walking)).at(-1)!;
    expect(reference.assistant_actions[0]!.type).toBe("Navigate");
    expect(reference.utterance).toMatch(/Is there anything you'd like to avoid\?$/);
    const degraded = (await converse(new NoGuidanceAssistant(k), walking)).at(-1)!;
    expect(degraded).toEqual({
      ...reference,
      utterance: "Have a look around. Is there anything you'd like to avoid?",
      assistant_actions: [{ type: "AskPreference" }],
      expected_user_action: { name: "turn", arguments: { direction: "left", angle: 90 } },
    });
    const told = (await converse(new NoGuidanceAssistant(k), known)).at(-1)!;
    expect(told.utterance).toBe("Have a look around. Do you see anything that looks right to you?");
  });

  it("blind: the product it is after, within reach, goes unseen and unrecommended", async () => {
    const best = k.product((await converse(new ReferenceAssistant(k), known)).at(-1)!.ranking[0]!);
    const box = { x0: 300, y0: 200, x1: 340, y1: 260 };
    const inReach = { distanceM: 1, bearing: "ahead" as const, bearingDeg: 0, pixels: 2400, box };
    const view: RoleObservation = {
      ...emptyView("assistant"),
      products: [{ handle: "A", name: best.name, brand: best.brand, ...inReach }],
    };
    const reference = (await converse(new ReferenceAssistant(k), known, view)).at(-1)!;
    expect(reference.assistant_actions[0]).toMatchObject({ type: "Recommend", visible_now: true });
    const blind = (await converse(new BlindAssistant(k), known, view)).at(-1)!;
    expect(blind.assistant_actions[0]!.type).not.toBe("Recommend");
    expect(blind.utterance).not.toContain("right here in front of you");
  });
});
