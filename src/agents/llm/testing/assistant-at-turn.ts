import { LlmClient, type LlmRequest } from "../../../llm/client.js";
import { fakePng } from "../../../llm/testing/fake-png.js";
import { StoreKnowledge } from "../../knowledge/store-knowledge.js";
import { builtinPrompts } from "../../prompts/prompt-set.js";
import type { AssistantContext } from "../../types.js";
import { LlmAssistant } from "../llm-assistant.js";

const prompts = builtinPrompts();

/**
 * The supermarket assistant's request at `turn` under `full` with `history.images: all` (every earlier
 * view, a 640×480 stand-in PNG each, then the current view and the map): turn 100 carries 101 images.
 */
export async function assistantAt(model: string, turn: number): Promise<LlmRequest> {
  const k = await StoreKnowledge.load("supermarket");
  const ctx = {
    env: "supermarket",
    condition: "full",
    turn,
    maxTurns: 100,
    history: [],
    observation: { caption: "Visible products: none", image: fakePng(640, 480) },
    minimap: fakePng(512, 512),
    shared: { pose: { x: 3, z: 4, yaw: 0, pitch: 0 }, held: null, cart: [] },
    views: Array.from({ length: turn - 1 }, (_, i) => ({ turn: i + 1, image: fakePng(640, 480) })),
  } as unknown as AssistantContext;
  return new LlmAssistant(k, "full", { model, client: new LlmClient({ noCache: true }), prompts }).request(
    ctx,
  );
}
