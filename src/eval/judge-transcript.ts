import type { JudgeTranscript } from "../agents/types.js";
import { refusalForOthers } from "../core/refusal-for-others.js";
import type { Trajectory } from "../trajectory/trajectory.js";

const OUTCOMES: Record<string, string> = {
  success_cart_added: "the shopper added an item to the cart",
  turn_limit: "the turn limit was reached without a purchase",
  recommendation_exhausted: "three recommendations were made without a purchase",
  moderator_stop: "the conversation ended without a purchase",
  motion_stall: "the shopper got stuck and the episode ended",
  error: "the episode ended on a technical error",
};

/**
 * The textual record the judge reads (paper §3.4, C.1): the dialogue with the shopper's actions, by
 * name (no handles). With `extras` (not in the paper) also the shopper's task request, how the
 * episode ended, and each assistant turn's dialogue-act label.
 */
export function judgeTranscript(t: Trajectory, opts: { extras?: boolean } = {}): JudgeTranscript {
  const lines: string[] = [];
  for (const r of t.turns) {
    const act = opts.extras ? ` (${r.assistant.output.assistant_actions[0]?.type ?? "?"})` : "";
    lines.push(`[turn ${r.turn}] Assistant${act}: ${r.assistant.output.utterance}`);
    lines.push(`[turn ${r.turn}] Shopper: ${r.shopper.output.utterance}`);
    const call = r.shopper.output.tool_call;
    const { target, ...args } = call.arguments as Record<string, unknown>;
    const shown = Object.entries(args).map(([k, v]) => `${k}=${String(v)}`);
    if (r.execution.targetName) shown.unshift(`target=${r.execution.targetName}`);
    const error =
      r.execution.error && refusalForOthers(r.execution.error, target, r.execution.targetName ?? undefined);
    const result = r.execution.success ? "done" : `refused (${error ?? "not possible"})`;
    const cart = r.execution.addedToCart ? ", added to the cart" : "";
    lines.push(`  shopper action: ${call.name}(${shown.join(", ")}) → ${result}${cart}`);
  }
  return {
    env: t.header.env,
    transcript: lines.join("\n"),
    ...(opts.extras
      ? { taskRequest: t.header.task.goal.request, outcome: OUTCOMES[t.outcome.reason] ?? t.outcome.reason }
      : {}),
  };
}
