import type { ShopperContext } from "../agents/types.js";
import type { SceneState } from "../render/camera.js";
import { legalActions } from "./legal-actions.js";
import type { ParticipantTurn, ProductLabel, Stage } from "./participant-api.js";
import type { ParticipantRecord } from "./study-spec.js";

export type {
  ParticipantBriefing,
  ParticipantGoal,
  ParticipantState,
  ParticipantTurn,
  ProductLabel,
  Stage,
} from "./participant-api.js";

/** The turn payload of a shopper context. */
export function participantTurn(
  ctx: ShopperContext,
  maxTurns: number,
  scene: SceneState,
  label: (id: string) => ProductLabel | undefined,
  frame: { width: number; height: number },
): ParticipantTurn {
  const { role: _role, image: _image, ...view } = ctx.observation;
  const ids = new Set([
    ...(ctx.shared.held ? [ctx.shared.held] : []),
    ...ctx.shared.cart,
    ...ctx.checked,
    ...Object.keys(ctx.revealed),
  ]);
  const products: Record<string, ProductLabel> = {};
  for (const id of ids) {
    const p = label(id);
    if (p) products[id] = p;
  }
  return {
    turn: ctx.turn,
    maxTurns,
    assistantUtterance: ctx.assistantUtterance,
    history: ctx.history,
    view,
    shared: ctx.shared,
    scene,
    frame,
    checked: ctx.checked,
    revealed: ctx.revealed,
    ...(ctx.lastAction ? { lastAction: ctx.lastAction } : {}),
    legal: legalActions(ctx),
    products,
    map: ctx.minimap.length > 0,
  };
}

/** Where a participant is: the first interaction not done, and what it waits for. */
export function currentStage(record: ParticipantRecord, live: boolean): { stage: Stage; index: number } {
  if (!record.profile) return { stage: "profile", index: 0 };
  const index = record.interactions.findIndex((i) => i.status !== "done");
  if (index < 0) return { stage: "finished", index: record.interactions.length };
  const status = record.interactions[index]!.status;
  if (status === "questionnaire") return { stage: "questionnaire", index };
  return { stage: status === "playing" && live ? "playing" : "goal", index };
}
