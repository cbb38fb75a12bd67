import type { AssistantAction } from "../../agents/types.js";
import type { ToolCall } from "../../core/dialogue.js";
import type { EnvId } from "../../core/manifest.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import {
  type RoleUsage,
  type TerminationReason,
  Trajectory,
  type TurnRecord,
} from "../../trajectory/trajectory.js";
import { emptyUsages } from "../../trajectory/usage.js";

export interface TurnSpec {
  ranking?: string[];
  act?: AssistantAction;
  expected?: ToolCall;
  expectedTargetId?: string | null;
  call?: ToolCall;
  /** The entity the shopper's call resolved to. */
  targetId?: string | null;
  /** Target ids and product ids in view this turn (both roles see the same). */
  targets?: string[];
  products?: string[];
  /** The assistant's output failed validation: the recorded output is a fallback. */
  assistantFormatError?: string;
  /** The shopper's output failed validation: the recorded call is a fallback. */
  shopperFormatError?: string;
  /** What each role said (default "…"). */
  utterances?: { assistant?: string; shopper?: string };
  /** The turn's usage figures per role, over zeros (format trouble: repairs, fenced JSON, invalid tools). */
  usage?: Partial<Record<"assistant" | "shopper" | "moderator", Partial<RoleUsage>>>;
}

export interface TrajectorySpec {
  env?: EnvId;
  turns: TurnSpec[];
  cart?: string[];
  reason?: TerminationReason;
  subset?: number;
  referenceItems?: string[];
  assistant?: string;
  judge?: Record<string, number>;
}

const idle: ToolCall = { name: "idle", arguments: {} };
const pose = { x: 1, z: 1, yaw: 0, pitch: 0 };

function turnUsage(t: TurnSpec): TurnRecord["usage"] {
  const u = emptyUsages();
  return {
    assistant: { ...u.assistant, ...t.usage?.assistant },
    shopper: { ...u.shopper, ...t.usage?.shopper },
    moderator: { ...u.moderator, ...t.usage?.moderator },
  };
}

/** A schema-valid trajectory with only what a metric test needs; the rest is neutral. */
export function buildTrajectory(spec: TrajectorySpec): Trajectory {
  const env = spec.env ?? "supermarket";
  const bank = loadTaskBank(env);
  const task = {
    ...bank.tasks[0]!,
    subset: spec.subset ?? 0,
    referenceItems: spec.referenceItems ?? bank.tasks[0]!.referenceItems,
  };
  const cart = spec.cart ?? [];
  const turns: TurnRecord[] = spec.turns.map((t, i) => {
    const obs = {
      image: "0".repeat(64),
      products: (t.products ?? []).map((id, k) => ({
        handle: String(k + 1),
        id,
        name: id,
        distanceM: 2,
        bearing: "ahead" as const,
      })),
      targets: (t.targets ?? []).map((id, k) => ({
        handle: `T${k}`,
        id,
        name: id,
        kind: "shelf",
        approaches: ["nearest"],
        distanceM: 5,
        bearing: "ahead" as const,
      })),
    };
    const last = i === spec.turns.length - 1;
    return {
      turn: i,
      pose,
      observations: { assistant: obs, shopper: obs },
      assistant: {
        output: {
          utterance: t.utterances?.assistant ?? "…",
          assistant_actions: [t.act ?? { type: "AskPreference" }],
          expected_user_action: t.expected ?? idle,
          ranking: t.ranking ?? [],
          tool_calls: [],
        },
        expectedTargetId: t.expectedTargetId ?? null,
        ...(t.assistantFormatError ? { formatError: t.assistantFormatError } : {}),
        repaired: false,
        calls: [],
      },
      shopper: {
        output: { utterance: t.utterances?.shopper ?? "…", tool_call: t.call ?? idle },
        ...(t.shopperFormatError ? { formatError: t.shopperFormatError } : {}),
        repaired: false,
        calls: [],
      },
      execution: {
        tool: (t.call ?? idle).name,
        success: true,
        displacement: 0,
        blocked: false,
        targetId: t.targetId ?? null,
        targetName: null,
        stalled: false,
        ...(last && cart.length ? { addedToCart: cart.at(-1)! } : {}),
      },
      state: { pose, held: null, cart: last ? cart : [], checked: [], declined: [], revealed: [] },
      termination: {
        recommendations: 0,
        moderator: null,
        ended: last,
        reason: last ? (spec.reason ?? (cart.length ? "success_cart_added" : "turn_limit")) : null,
      },
      usage: turnUsage(t),
    };
  });
  const reason = spec.reason ?? (cart.length ? "success_cart_added" : "turn_limit");
  return Trajectory.parse({
    kind: "siturec.trajectory",
    version: 1,
    header: {
      runId: "test",
      identity: "test",
      env,
      condition: "full",
      maxTurns: 20,
      seed: 0,
      agents: { assistant: spec.assistant ?? "test", user: "rule", moderator: "rule" },
      promptHash: "test",
      codeVersion: "test",
      render: { width: 640, height: 480 },
      task,
      profile: bank.profiles.find((p) => p.id === task.profileId)!,
    },
    turns,
    outcome: {
      reason,
      success: reason === "success_cart_added",
      turns: turns.length,
      cart,
      purchased: cart.at(-1) ?? null,
      purchasedReference: cart.length > 0 && task.referenceItems.includes(cart.at(-1)!),
      recommendations: 0,
      usage: emptyUsages(),
    },
    ...(spec.judge ? { judge: { model: "test", scores: spec.judge } } : {}),
  });
}
