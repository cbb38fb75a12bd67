import { describe, expect, it } from "vitest";
import type { Condition } from "../../core/dialogue.js";
import { ConditionId } from "../../core/dialogue.js";
import { envIds } from "../../envs/registry.js";
import { type ContentPart, LlmClient, type LlmRequest } from "../../llm/client.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { builtinPrompts } from "../prompts/prompt-set.js";
import type { AssistantContext, ShopperContext } from "../types.js";
import { LlmAssistant } from "./llm-assistant.js";
import { LlmShopper } from "./llm-shopper.js";

const options = { model: "openai:test", client: new LlmClient({ noCache: true }), prompts: builtinPrompts() };
const png = (n: number) => Buffer.from(`png-${n}`);
const shared = { pose: { x: 3, z: 4, yaw: 0, pitch: 0 }, held: null, cart: [] as string[] };

async function assistantRequest(env: string, condition: Condition, captionIds = false) {
  const k = await StoreKnowledge.load(env as never);
  const product = k.data.catalog.products[0]!.id;
  const ctx = {
    env,
    condition,
    turn: 2,
    maxTurns: 20,
    history: [],
    observation: { caption: "Visible products in the shopper's view: - A: x", image: png(1) },
    minimap: png(2),
    shared: { ...shared, cart: [product] },
    views: condition === "full" ? [{ turn: 1, image: png(3) }] : [],
    captionIds,
  } as unknown as AssistantContext;
  const assistant = new LlmAssistant(k, condition, options);
  return { request: assistant.request(ctx), product };
}

function parts(request: LlmRequest): ContentPart[] {
  const message = request.messages[0]!;
  if (message.role !== "user") throw new Error("the turn's message is the user's");
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
}

/** The caption just before each image of a message. */
function imageCaptions(content: ContentPart[]): string[] {
  return content.flatMap((p, i) => {
    if (p.type !== "image") return [];
    const before = content[i - 1];
    return [before?.type === "text" ? before.text : "(none)"];
  });
}

describe.each(envIds())("what the %s assistant is sent, per condition (paper D.4)", (env) => {
  it.each(ConditionId.options)(
    "%s: every image captioned, and only the images its condition allows",
    async (c) => {
      const { request } = await assistantRequest(env, c);
      const captions = imageCaptions(parts(request));
      const expected =
        c === "full"
          ? ["Earlier view, turn 1 (your labels of that turn):", "Current view, turn 2 (your labels):"]
          : [];
      expect(captions).toEqual([...expected, "Store map (north up; the shopper is the red arrow):"]);
      // The system prompt names each image as the message captions it.
      for (const name of ["Store map", ...(c === "full" ? ["Current view", "Earlier view, turn N"] : [])])
        expect(request.system).toContain(`"${name}"`);
      expect(request.system).toContain("x grows to the east");
    },
  );

  it("full and no-evv keep the grounding rule; no-evv-caption removes it and allows pickups without a handle", async () => {
    for (const c of ["full", "no-evv"] as const) {
      const { request } = await assistantRequest(env, c);
      expect(request.system).toContain("must be visible now");
      expect(request.system).not.toContain("static index");
    }
    const { request } = await assistantRequest(env, "no-evv-caption");
    const system = request.system?.replace(/\s+/g, " ");
    expect(system).not.toContain("must be visible now");
    expect(system).toContain("the requirement to name only targets in the current view does not apply");
    expect(system).toContain("without a product handle (leave `target` out)");
    expect(system).toContain("# Target index");
    expect(JSON.stringify(request.messages)).toContain("No list of visible entities");
  });

  it("names the cart by product name; catalog ids only with captions.ids", async () => {
    const off = await assistantRequest(env, "no-evv");
    expect(JSON.stringify(off.request.messages)).not.toContain(`[${off.product}]`);
    const on = await assistantRequest(env, "no-evv", true);
    expect(JSON.stringify(on.request.messages)).toContain(`[${on.product}]`);
  });
});

describe.each(envIds())("what the %s shopper is sent", (env) => {
  async function shopperRequest(minimap: Buffer) {
    const k = await StoreKnowledge.load(env);
    const bank = loadTaskBank(env);
    const task = bank.tasks[0]!;
    const profile = bank.profiles.find((p) => p.id === task.profileId)!;
    const ctx = {
      env,
      turn: 1,
      profile,
      task,
      history: [],
      assistantUtterance: "Hello!",
      observation: { caption: "Visible products in your view: - 1: x", image: png(1) },
      minimap,
      shared,
      checked: [],
      revealed: {},
    } as unknown as ShopperContext;
    return new LlmShopper(k, options).request(ctx);
  }

  it("gets its captioned view and no map by default (the paper gives the map to the assistant)", async () => {
    const request = await shopperRequest(Buffer.alloc(0));
    expect(imageCaptions(parts(request))).toEqual(["Your view, turn 1 (your labels):"]);
    expect(request.system).toContain('"Your view"');
    expect(request.system).toContain("No map: you know the store only from what you see");
    expect(request.system).not.toContain('"Store map"');
  });

  it("gets the map, captioned and described, when the run gives it one", async () => {
    const request = await shopperRequest(png(2));
    expect(imageCaptions(parts(request))).toEqual([
      "Your view, turn 1 (your labels):",
      "Store map (north up; you are the red arrow):",
    ]);
    expect(request.system).toContain('"Store map"');
    expect(request.system).not.toContain("No map");
  });
});
