import type { Turn } from "../chat/index.js";
import type { CategoryId } from "../schema/category.js";
import type { Persona } from "../schema/persona.js";

/** How many conversations of feasible personas the salesperson showed an acceptable product to. */
export interface ShownAcceptable {
  /** Conversations whose persona has an acceptable product. */
  feasible: number;
  /** Of those, conversations where some sales turn recommended one. */
  shown: number;
  /** shown / feasible; null without a feasible persona. */
  share: number | null;
}

export interface ShownAcceptableTable {
  overall: ShownAcceptable;
  byCategory: Partial<Record<CategoryId, ShownAcceptable>>;
}

const shownOf = (rows: readonly { feasible: boolean; shown: boolean }[]): ShownAcceptable => {
  const feasible = rows.filter((r) => r.feasible).length;
  const shown = rows.filter((r) => r.feasible && r.shown).length;
  return { feasible, shown, share: feasible ? shown / feasible : null };
};

/**
 * The share of feasible personas' conversations in which the salesperson recommended an acceptable
 * product, read from the `recommended` of the recorded sales turns: the ceiling of a correct purchase,
 * and what a walk-out floor leaves to the shopper. Per category and overall.
 */
export function shownAcceptable(
  conversations: readonly { personaId: string; category: CategoryId; transcript: readonly Turn[] }[],
  personas: readonly Persona[],
): ShownAcceptableTable {
  const byId = new Map(personas.map((p) => [p.id, p]));
  const rows = conversations.map((c) => {
    const persona = byId.get(c.personaId);
    if (!persona) throw new Error(`no persona ${c.personaId} for a conversation`);
    const ok = new Set(persona.acceptable);
    const shown = c.transcript.some((t) => t.role === "sales" && t.recommended.some((id) => ok.has(id)));
    return { category: c.category, feasible: persona.feasible, shown };
  });
  const categories = [...new Set(rows.map((r) => r.category))];
  return {
    overall: shownOf(rows),
    byCategory: Object.fromEntries(categories.map((c) => [c, shownOf(rows.filter((r) => r.category === c))])),
  };
}
