import type { ActionRecord, DialogueTurn } from "../agents/types.js";
import { refusalForOthers } from "../core/refusal-for-others.js";

/**
 * The shopper's executed action as the assistant and the moderator get it: B.2 keeps each role's
 * handles private, so the call's `target` (a shopper handle) becomes the target's name and a refusal
 * quoting the handle names the target instead.
 */
export function actionForOthers(a: ActionRecord): ActionRecord {
  const { target, ...rest } = a.call.arguments as Record<string, unknown>;
  if (target === undefined) return a;
  const name = a.targetName ?? "an item in view";
  return {
    ...a,
    call: { name: a.call.name, arguments: { ...rest, target: name } },
    ...(a.error !== undefined ? { error: refusalForOthers(a.error, target, a.targetName) } : {}),
  };
}

/** The dialogue so far with every shopper action as the other roles get it. */
export function historyForOthers(history: readonly DialogueTurn[]): DialogueTurn[] {
  return history.map((t) =>
    t.shopper?.action ? { ...t, shopper: { ...t.shopper, action: actionForOthers(t.shopper.action) } } : t,
  );
}
