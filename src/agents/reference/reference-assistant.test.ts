import { describe, expect, it } from "vitest";
import { money } from "../../tasks/build-goal.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { emptyView } from "../testing/empty-view.js";
import type { AssistantContext, DialogueTurn } from "../types.js";
import { ReferenceAssistant } from "./reference-assistant.js";

const view = emptyView("assistant");

/** Plays a dialogue: the shopper's lines, each answered by the assistant; the last with `held` in hand. */
async function converse(lines: string[], held: string | null = null) {
  const k = await StoreKnowledge.load("supermarket");
  const a = new ReferenceAssistant(k);
  const history: DialogueTurn[] = [];
  const ctx = (turn: number): AssistantContext => ({
    env: "supermarket",
    condition: "full",
    turn,
    maxTurns: 20,
    history,
    observation: view,
    minimap: Buffer.alloc(0),
    shared: { pose: { x: 23.5, z: 20.6, yaw: 0, pitch: 0 }, held, cart: [] },
    views: [],
  });
  let reply = await a.act(ctx(0));
  for (const [i, line] of lines.entries()) {
    history.push({ turn: i, assistant: { utterance: reply.output.utterance }, shopper: { utterance: line } });
    reply = await a.act(ctx(i + 1));
  }
  return reply.output;
}

describe("the reference assistant answers the shopper's questions with the right act", () => {
  const bank = loadTaskBank("supermarket");
  const task = bank.tasks.find(
    (t) => t.goal.disclosure.opening === "both" && !t.goal.preferences.required.length,
  )!;
  const target = task.goal.target.product;
  const known = [
    task.goal.request,
    `My budget is about ${money(task.goal.budget.amount)}.`,
    "That's everything.",
  ];

  it("why → Explain; compare → Compare; anything cheaper → HandleRejection; a factual question → AnswerQuestion", async () => {
    const acts = async (line: string) =>
      (await converse([...known, line], target)).assistant_actions[0]!.type;
    expect(await acts("Why would this be a good fit for me?")).toBe("Explain");
    expect(await acts("How does it compare with the other options?")).toBe("Compare");
    expect(await acts("It's a bit more than I hoped to spend — is there anything cheaper?")).toBe(
      "HandleRejection",
    );
    const answer = await converse([...known, "How much is it?"], target);
    expect(answer.assistant_actions[0]!.type).toBe("AnswerQuestion");
    expect(answer.utterance).toMatch(/^It's \$\d+\.\d\d/);
    expect(answer.expected_user_action.name).toBe("add_to_cart");
    expect(await acts("Great.")).toBe("ConfirmPurchase");
  });

  it("a request that names a use but no kind of product gets a clarifying question", async () => {
    const useOnly = bank.tasks.find((t) => t.goal.disclosure.opening === "use")!;
    const reply = await converse([useOnly.goal.request]);
    expect(reply.assistant_actions[0]!.type).toBe("ClarifyNeed");
    expect(reply.utterance).toMatch(/what kind of product/);
    const named = await converse([task.goal.request]);
    expect(named.assistant_actions[0]!.type).not.toBe("ClarifyNeed");
  });
});
