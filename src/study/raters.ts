import { goalValues, historyText, personaText } from "../agents/llm/prompt-context.js";
import { JUDGE_DIMENSIONS } from "../agents/types.js";
import type { LlmClient } from "../llm/client.js";
import { completeStructured } from "../llm/structured.js";
import { QUESTIONNAIRE, SCALE } from "./questionnaire.js";
import type { Rater, SeenInteraction } from "./simulated-participant.js";
import { QuestionnaireAnswers } from "./study-spec.js";

const clamp = (v: number) => Math.max(1, Math.min(5, Math.round(v)));

/** The dialogue of an ended interaction, as its last turn carried it. */
function dialogue(seen: SeenInteraction) {
  return seen.turns.at(-1)?.history ?? [];
}

/**
 * A rule rater for simulated participants: scores follow the outcome (bought or not, how fast) and
 * how often the assistant repeated itself. It exists to exercise the pipeline (invites, blinding,
 * questionnaire, storage, agreement) without people or models; it is not a model of people.
 */
export const ruleRater: Rater = async (seen) => {
  const outcome = seen.state.interaction?.outcome;
  const maxTurns = seen.turns.at(-1)?.maxTurns ?? 20;
  const success = outcome?.success === true;
  const quick = (outcome?.turns ?? maxTurns) <= maxTurns / 2;
  const said = dialogue(seen).map((t) => t.assistant.utterance.trim().toLowerCase());
  const repeats = said.length - new Set(said).size;
  const base = success ? 4 : outcome?.reason === "purchase" ? 3 : 2;
  return {
    ratings: {
      informativeness: clamp(base + (success && quick ? 1 : 0)),
      naturalness: clamp(base + (repeats === 0 ? 1 : 0) - 0.4),
      groundedness: clamp(base),
      preference_alignment: clamp(base + (success ? 1 : 0) - (quick ? 0 : 0.6)),
      proactiveness: clamp(base + (quick ? 1 : -1)),
      non_repetition: clamp(5 - repeats),
      overall: clamp(base + (success && quick ? 1 : 0)),
    },
    comment: "",
  };
};

/**
 * A model rates as the persona it played, from the dialogue it had, with the questionnaire's own
 * questions and guidance (what a person reads on the page).
 */
export function llmRater(client: LlmClient, model: string): Rater {
  return async (seen) => {
    const i = seen.state.interaction!;
    const goal = goalValues(seen.briefing.task);
    const questions = QUESTIONNAIRE.map((q) => `- ${q.dimension}: ${q.question} (${q.guidance})`).join("\n");
    const system = [
      "You took part in a shopping study as this person:",
      personaText(seen.briefing.profile),
      `Your shopping goal was: ${goal.request} Preferences: ${goal.preferences}. Budget: ${goal.budget}.`,
      `You just finished shopping with "Assistant ${i.letter}". Rate it honestly from 1 to 5 (${SCALE.map((s, k) => `${k + 1} ${s}`).join(", ")}):`,
      questions,
      `Reply with one JSON object: {"ratings": {${JUDGE_DIMENSIONS.map((d) => `"${d}": n`).join(", ")}}, "comment": "one sentence"}`,
    ].join("\n");
    const outcome = i.outcome
      ? `The interaction ended: ${i.outcome.reason} after ${i.outcome.turns} turns.`
      : "";
    const result = await completeStructured(
      client,
      {
        model,
        tag: "participant-questionnaire",
        system,
        messages: [{ role: "user", content: `${historyText(dialogue(seen), "shopper")}\n${outcome}` }],
      },
      QuestionnaireAnswers,
      { name: "questionnaire" },
    );
    if (!result.value)
      throw new Error(`the questionnaire answer of ${model} was unusable: ${result.formatError}`);
    return result.value;
  };
}
