import type { ConversationResult } from "../chat/index.js";
import type { CategoryId } from "../schema/category.js";
import type { Persona } from "../schema/persona.js";
import { type DecisionCase, decisionAlignment } from "./decision-alignment.js";

export interface ChatScores {
  conversations: number;
  /** Mean decision alignment. */
  da: number;
  /** Share of conversations with a shopper format error (Fmt.). */
  fmt: number;
  /** Share of conversations the shopper ended at turn 1 (End.). */
  end: number;
  cases: Record<DecisionCase, number>;
}

export interface ChatScoreTable {
  overall: ChatScores;
  byCategory: Partial<Record<CategoryId, ChatScores>>;
}

interface Scored {
  category: CategoryId;
  da: 0 | 1;
  case: DecisionCase;
  fmt: boolean;
  end: boolean;
}

const NO_CASES: Record<DecisionCase, number> = {
  correct_acceptance: 0,
  wrong_acceptance: 0,
  unrecommended_purchase: 0,
  correct_abstention: 0,
  wrong_abstention: 0,
};

function scoresOf(rows: readonly Scored[]): ChatScores {
  const n = rows.length;
  const mean = (f: (r: Scored) => number) => (n ? rows.reduce((s, r) => s + f(r), 0) / n : 0);
  const cases = { ...NO_CASES };
  for (const r of rows) cases[r.case]++;
  return {
    conversations: n,
    da: mean((r) => r.da),
    fmt: mean((r) => (r.fmt ? 1 : 0)),
    end: mean((r) => (r.end ? 1 : 0)),
    cases,
  };
}

/** DA, Fmt. and End. per category and overall; each result is scored against its persona's 𝒜. */
export function scoreConversations(
  results: readonly ConversationResult[],
  personas: readonly Persona[],
): ChatScoreTable {
  const byId = new Map(personas.map((p) => [p.id, p]));
  const rows: Scored[] = results.map((r) => {
    const persona = byId.get(r.personaId);
    if (!persona) throw new Error(`no persona ${r.personaId} for a conversation`);
    const d = decisionAlignment({ ...r, acceptable: persona.acceptable });
    return {
      category: r.category,
      da: d.da,
      case: d.case,
      fmt: r.shopperFormatError,
      end: r.endedAtFirstTurn,
    };
  });
  const categories = [...new Set(rows.map((r) => r.category))];
  return {
    overall: scoresOf(rows),
    byCategory: Object.fromEntries(
      categories.map((c) => [c, scoresOf(rows.filter((r) => r.category === c))]),
    ),
  };
}
