import { describe, expect, it } from "vitest";
import { money } from "../../tasks/build-goal.js";
import { hasLabel } from "../../tasks/labels.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { emptyView } from "../testing/empty-view.js";
import type { ShopperContext } from "../types.js";
import { RuleShopper } from "./rule-shopper.js";

const view = emptyView("shopper");

async function setup() {
  const k = await StoreKnowledge.load("supermarket");
  const bank = loadTaskBank("supermarket");
  const task = bank.tasks.find(
    (t) => t.goal.acceptance.explanationNeeded !== "high" && t.goal.preferences.required.length > 0,
  )!;
  const profile = bank.profiles.find((p) => p.id === task.profileId)!;
  const ctx = (turn: number, utterance: string, held: string | null = null): ShopperContext => ({
    env: "supermarket",
    turn,
    profile,
    task,
    history: [],
    assistantUtterance: utterance,
    observation: view,
    minimap: Buffer.alloc(0),
    shared: { pose: { x: 0, z: 0, yaw: 0, pitch: 0 }, held, cart: [] },
    checked: [],
    revealed: {},
  });
  return { k, task, ctx };
}

describe("the rule-based shopper", () => {
  it("opens with its request, then discloses at most one detail per turn", async () => {
    const { k, task, ctx } = await setup();
    const s = new RuleShopper(k, task, 1);
    const open = await s.act(ctx(0, "Hi! What can I help you find?"));
    expect(open.output).toEqual({ utterance: task.goal.request, tool_call: { name: "idle", arguments: {} } });
    const said = [];
    for (let turn = 1; turn <= task.goal.disclosure.steps.length + 1; turn++) {
      said.push(
        (await s.act(ctx(turn, "Anything else I should know — any preferences or budget?"))).output.utterance,
      );
    }
    // The budget in its own words, the other details as the policy words them.
    const mentions = (u: string, d: (typeof task.goal.disclosure.steps)[number]) =>
      d.kind === "budget" ? u.includes(money(d.amount)) : u.includes(d.say);
    const steps = task.goal.disclosure.steps;
    // Each detail said once, at most one per turn, then nothing new.
    for (const d of steps)
      expect(
        said.filter((u) => mentions(u, d)),
        JSON.stringify(said),
      ).toHaveLength(1);
    for (const u of said) expect(steps.filter((d) => mentions(u, d)).length).toBeLessThanOrEqual(1);
    expect(said.at(-1)).toMatch(/that's it|that's all|everything I need/i);
  });

  it("buys only what meets its labels and budget by the catalog, and says why it refuses the rest", async () => {
    const { k, task, ctx } = await setup();
    const s = new RuleShopper(k, task, 1);
    await s.act(ctx(0, "Hi!"));
    const target = task.goal.target.product;
    const take = await s.act(ctx(1, "This one fits your needs and is within your budget.", target));
    expect(take.output.tool_call.name).toBe("add_to_cart");
    const family = task.goal.need.categories;
    const required = task.goal.preferences.required[0]!;
    const wrong = [...k.products.values()].find(
      (p) => family.includes(p.category) && p.price <= task.goal.budget.amount && !hasLabel(p, required),
    )!;
    const opened = async () => {
      const shopper = new RuleShopper(k, task, 1);
      await shopper.act(ctx(0, "Hi!"));
      return shopper;
    };
    const refuse = await (await opened()).act(ctx(1, "How about this?", wrong.id));
    expect(refuse.output.tool_call.name).toBe("drop_item");
    expect(refuse.output.utterance.length).toBeGreaterThan(10);
    const pricey = [...k.products.values()].find(
      (p) => family.includes(p.category) && p.price > task.goal.budget.amount,
    );
    if (pricey) {
      const r = await (await opened()).act(ctx(1, "How about this?", pricey.id));
      expect(r.output.tool_call.name).toBe("drop_item");
      expect(r.output.utterance).toMatch(/budget/);
    }
  });

  it("follows its acceptance policy in full: hesitates over the price, asks why, asks to compare, then buys", async () => {
    const { k, task: base, ctx } = await setup();
    const task = structuredClone(base);
    task.goal.acceptance.explanationNeeded = "high";
    task.goal.acceptance.considerAlternatives = "high";
    const target = k.product(task.goal.target.product);
    task.goal.budget.amount = target.price / 0.8; // the price is near the budget
    const c = (turn: number, utterance: string) => {
      const x = ctx(turn, utterance, target.id);
      x.task = task;
      x.profile = structuredClone(x.profile);
      x.profile.interaction.priceSensitivity = "high";
      return x;
    };
    const s = new RuleShopper(k, task, 1);
    await s.act(c(0, "Hi!"));
    const said: string[] = [];
    for (let turn = 1; turn <= 4; turn++) {
      const r = await s.act(c(turn, "It fits what you told me. Shall we add it to your cart?"));
      said.push(`${r.output.tool_call.name}: ${r.output.utterance}`);
    }
    expect(said[0]).toMatch(/^idle: .*cheaper\?$/);
    expect(said[1]).toMatch(/^idle: .*(why|suits me)/i);
    expect(said[2]).toMatch(/^idle: .*compare/i);
    expect(said[3]).toMatch(/^add_to_cart: /);
  });

  it("a shopper who seeks explanations asks about its must-have while it inspects a recommended item", async () => {
    const { k, task, ctx } = await setup();
    const target = k.product(task.goal.target.product);
    const x = ctx(2, `I'd recommend the ${target.brand} ${target.name}. It's right in front of you.`);
    x.profile = structuredClone(x.profile);
    x.profile.interaction.explanationSeeking = "high";
    x.observation = {
      ...x.observation,
      products: [
        {
          handle: "4",
          name: target.name,
          brand: target.brand,
          distanceM: 1,
          bearing: "ahead",
          bearingDeg: 0,
          pixels: 500,
          box: { x0: 0, y0: 0, x1: 1, y1: 1 },
        },
      ],
      handles: { products: { "4": target.id }, targets: {} },
    };
    const s = new RuleShopper(k, task, 1);
    await s.act(ctx(0, "Hi!"));
    const r = await s.act(x);
    expect(r.output.tool_call).toEqual({ name: "pick_up_item", arguments: { target: "4" } });
    expect(r.output.utterance).toMatch(/\bIs it [^?]+\?$/);
  });
});
