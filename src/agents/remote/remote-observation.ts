import { z } from "zod";
import type { EnvId } from "../../core/manifest.js";
import type { LlmAssistant } from "../llm/llm-assistant.js";
import type { LlmShopper } from "../llm/llm-shopper.js";
import {
  type AssistantContext,
  assistantOutputSchema,
  type ShopperContext,
  shopperOutputSchema,
} from "../types.js";
import { type ChatMessage, chatMessages, type ImagePublisher } from "./chat-messages.js";

/**
 * What a policy outside this process sees of a SituRecBench turn (the environment server's
 * `Observation`, and the body `http-policy` agents get): the prompt the role's built-in LLM policy
 * would send, as chat messages, the JSON Schema of the role's output, and the parsed context.
 */
export interface RemoteObservation {
  env: "situ-rec";
  role: "assistant" | "shopper";
  /** 0-based turn. */
  turn: number;
  messages: ChatMessage[];
  /** The JSON Schema the action must follow. */
  actionSchema: Record<string, unknown>;
  /** Visible entities, handles, pose, the dialogue so far, … */
  context: Record<string, unknown>;
}

const actionSchemas = new Map<string, Record<string, unknown>>();

/**
 * A role's action schema in a store as JSON Schema, built once per role and store (building it costs
 * more than the rest of a turn's observation) and frozen, since every observation shares it.
 */
function actionSchema(role: "assistant" | "shopper", env: EnvId): Record<string, unknown> {
  const key = `${role} ${env}`;
  let schema = actionSchemas.get(key);
  if (!schema) {
    const output = role === "assistant" ? assistantOutputSchema(env) : shopperOutputSchema(env);
    schema = deepFreeze(z.toJSONSchema(output, { io: "input" }) as Record<string, unknown>);
    actionSchemas.set(key, schema);
  }
  return schema;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function visible(view: AssistantContext["observation"]) {
  return {
    products: view.products.map(({ box: _b, pixels: _p, ...p }) => p),
    targets: view.targets.map(({ box: _b, ...t }) => t),
  };
}

/** The assistant's turn as a remote policy sees it (`prompter` builds the LLM assistant's request). */
export function assistantObservation(
  ctx: AssistantContext,
  prompter: LlmAssistant,
  publish: ImagePublisher,
): RemoteObservation {
  const view = ctx.observation;
  return {
    env: "situ-rec",
    role: "assistant",
    turn: ctx.turn,
    messages: chatMessages(prompter.request(ctx), publish),
    actionSchema: actionSchema("assistant", ctx.env),
    context: {
      store: ctx.env,
      condition: ctx.condition,
      turn: ctx.turn,
      maxTurns: ctx.maxTurns,
      shared: ctx.shared,
      visible: visible(view),
      caption: view.caption,
      handles: view.handles,
      history: ctx.history,
    },
  };
}

/** The shopper's turn as a remote policy sees it: its own view (no catalog ids), profile and goal. */
export function shopperObservation(
  ctx: ShopperContext,
  prompter: LlmShopper,
  publish: ImagePublisher,
): RemoteObservation {
  const view = ctx.observation;
  return {
    env: "situ-rec",
    role: "shopper",
    turn: ctx.turn,
    messages: chatMessages(prompter.request(ctx), publish),
    actionSchema: actionSchema("shopper", ctx.env),
    context: {
      store: ctx.env,
      turn: ctx.turn,
      assistantUtterance: ctx.assistantUtterance,
      shared: ctx.shared,
      visible: visible(view),
      caption: view.caption,
      checked: ctx.checked,
      revealed: ctx.revealed,
      ...(ctx.lastAction ? { lastAction: ctx.lastAction } : {}),
      history: ctx.history,
      profile: ctx.profile,
      task: ctx.task,
    },
  };
}

/** Whether an action object is shaped for the other SituRecBench role (refused, not a format error). */
export function otherRolesAction(role: "assistant" | "shopper", action: unknown): boolean {
  if (!action || typeof action !== "object") return false;
  if (role === "assistant") return "tool_call" in action && !("assistant_actions" in action);
  return "assistant_actions" in action || "expected_user_action" in action;
}
