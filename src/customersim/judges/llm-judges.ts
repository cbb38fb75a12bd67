import { z } from "zod";
import type { LlmClient, LlmRequest } from "../../llm/client.js";
import { completeStructured } from "../../llm/structured.js";
import type { ConversationResult } from "../chat/index.js";
import type { CompletenessJudge, CriteriaJudge } from "../fidelity/index.js";
import { personaText, preferencesText } from "../llm-agents/shopper-prompt.js";
import type { ReasonJudge } from "../rewards/index.js";
import type { Persona } from "../schema/persona.js";
import type { Product } from "../schema/product.js";

/**
 * LLM judges for the measures the paper scores with a model: Crit. and %Cpl. (Appendix C.1) and
 * R_reason (§3.1, "an LLM judge scores the coherence of reasoning traces with persona constraints
 * and final decisions", the traces being the shopper turns' stored `reasoning`). The paper describes what each judge measures but prints no prompt; the
 * prompts below restate Appendix C.1's definitions word for word where it gives them and say how to
 * answer. Every judge asks for a JSON object (the client's structured-output mode, one repair
 * request on a bad reply) at temperature 0 with a fixed seed, so answers are cached and repeatable.
 */
export interface LlmJudgeOptions {
  /** A model id, as everywhere (`openai:gpt-4o`, `openai-compatible:m@http://…/v1`). */
  model: string;
  client: LlmClient;
  /** Default 0. */
  seed?: number;
  /** Default 0. */
  temperature?: number;
  /** The most tokens one answer may take (default `CUSTOMERSIM_JUDGE_MAX_OUTPUT_TOKENS`). */
  maxOutputTokens?: number;
}

/**
 * The output-token limit of CustomerSim's judges: their largest answer is the criteria judge's list of
 * a first message's criteria (a few words each, a few dozen at the most: about 400 tokens) or the
 * reason judge's rationale; 1,000 leaves more than half again to spare.
 */
export const CUSTOMERSIM_JUDGE_MAX_OUTPUT_TOKENS = 1000;

/** Crit. (Appendix C.1): the first shopper turn's distinct criteria, listed then counted. */
export const CRITERIA_JUDGE_PROMPT = `You annotate messages that shoppers write to a salesperson in an online store's chat.

You are given the shopper's FIRST message of a conversation. Count how much actionable information it provides: the number of distinct preferences, requirements, or decision criteria mentioned, such as budget constraints, desired attributes, use cases, or feature requirements.

Rules:
- List each distinct criterion once, in a few words (e.g. "budget under $300", "breathable fabric", "for running", "works with an iPhone").
- The product type alone ("a laptop", "some sweatpants") is not a criterion; greetings, thanks and questions without a requirement are not criteria.
- Two mentions of the same requirement count once; two different requirements in one phrase count twice ("light and waterproof" is two).

Reply with only a JSON object: {"criteria": ["...", "..."]} (an empty list when there is none).`;

/** %Cpl. (Appendix C.1): the share of grammatically complete and correct sentences. */
export const COMPLETENESS_JUDGE_PROMPT = `You annotate messages that shoppers write to a salesperson in an online store's chat.

You are given all of one shopper's messages in a conversation, one message per line. Split them into sentences (a bullet or a line without end punctuation is a sentence of its own) and decide for each whether it is grammatically complete and correct: a full sentence with a subject and a finite verb (an imperative counts), correct agreement and word order. Fragments ("under 300 bucks", "any in blue?"), dropped subjects ("need a watch for running"), run-ons and ungrammatical sentences are not complete; spelling and capitalisation alone do not matter.

Reply with only a JSON object: {"sentences": N, "complete": M} where N is the number of sentences and M (at most N) how many of them are complete.`;

/**
 * R_reason (§3.1): coherence of the shopper's reasoning traces (its private reasoning, kept per turn)
 * with its persona and its decision. A conversation with no trace at all never reaches the judge
 * (`reasonReward` gives 0); a decision taken in a turn without a trace is scored down.
 */
export const REASON_JUDGE_PROMPT = `You judge a simulated shopper in an online store's chat. The shopper was given a persona with preferences and dealbreakers (requirements that must all be met; the budget is one) and had to either buy one recommended product that meets every dealbreaker, or leave without buying when none did.

Before each message the shopper could write private reasoning, which the salesperson never saw. It appears as "Shopper's reasoning:" lines; "(no reasoning)" marks a turn where it wrote none.

Score how coherent the shopper's reasoning traces are with its persona's constraints and with its final decision:
5 — it checks recommended products against its dealbreakers, its stated reasons are true to the persona, and the decision follows from them.
4 — mostly coherent; a minor gap (a constraint not checked that did not matter, a vague reason).
3 — partly coherent; it ignores some dealbreaker or gives reasons the persona does not support, yet the decision is defensible.
2 — weak; the decision barely follows from its reasoning, or it is persuaded against its constraints. A final decision taken in a turn with no reasoning scores at most 2.
1 — incoherent; the decision contradicts its persona or its own reasoning.

Judge the reasoning, not the salesperson. Reply with only a JSON object: {"rationale": "one or two sentences", "score": 1-5}.`;

const CriteriaAnswer = z.object({ criteria: z.array(z.string()) });
const CompletenessAnswer = z
  .object({ sentences: z.number().int().min(0), complete: z.number().int().min(0) })
  .refine((a) => a.complete <= a.sentences, "complete must be at most sentences");
const ReasonAnswer = z.object({ rationale: z.string(), score: z.number().int().min(1).max(5) });

async function ask<S extends z.ZodType>(
  opts: LlmJudgeOptions,
  name: string,
  system: string,
  user: string,
  schema: S,
): Promise<z.infer<S>> {
  const request: LlmRequest = {
    model: opts.model,
    system,
    messages: [{ role: "user", content: user }],
    temperature: opts.temperature ?? 0,
    maxOutputTokens: opts.maxOutputTokens ?? CUSTOMERSIM_JUDGE_MAX_OUTPUT_TOKENS,
    seed: opts.seed ?? 0,
    tag: "judge",
  };
  const r = await completeStructured(opts.client, request, schema, { name });
  if (r.value === undefined)
    throw new Error(`the ${name.replace(/_/g, " ")} (${opts.model}) gave no usable answer: ${r.formatError}`);
  return r.value;
}

/** Crit. by a model: the number of distinct criteria it lists in the first shopper turn. */
export function llmCriteriaJudge(opts: LlmJudgeOptions): CriteriaJudge {
  return async (text) => {
    const a = await ask(
      opts,
      "criteria_judge",
      CRITERIA_JUDGE_PROMPT,
      `Shopper's first message:\n"""\n${text}\n"""`,
      CriteriaAnswer,
    );
    return new Set(a.criteria.map((c) => c.trim().toLowerCase()).filter(Boolean)).size;
  };
}

/** %Cpl. by a model: complete sentences over sentences (0 when it finds no sentence). */
export function llmCompletenessJudge(opts: LlmJudgeOptions): CompletenessJudge {
  return async (text) => {
    const a = await ask(
      opts,
      "completeness_judge",
      COMPLETENESS_JUDGE_PROMPT,
      `Shopper's messages:\n"""\n${text}\n"""`,
      CompletenessAnswer,
    );
    return a.sentences ? a.complete / a.sentences : 0;
  };
}

const callText = (c: { name: string; arguments: unknown }) =>
  `${c.name}(${c.arguments === undefined || c.arguments === null ? "" : JSON.stringify(c.arguments)})`;

/**
 * The conversation as the reason judge reads it: each shopper turn's reasoning trace (or "(no
 * reasoning)") before what it said and did, the salesperson's text and recommendations, the decision.
 */
export function conversationForJudge(
  result: ConversationResult,
  productOf: (id: string) => Product | undefined = () => undefined,
): string {
  const name = (id: string) => {
    const p = productOf(id);
    return p ? `${p.name} (${id}, $${p.price})` : id;
  };
  const lines = result.transcript.flatMap((t) => {
    if (t.role === "sales") {
      const recs = t.recommended.length ? ` [recommended: ${t.recommended.map(name).join("; ")}]` : "";
      return [`Salesperson: ${t.text.trim() || "(no text)"}${recs}`];
    }
    const actions = t.toolCalls.length ? ` [${t.toolCalls.map(callText).join("; ")}]` : "";
    return [
      `Shopper's reasoning: ${t.reasoning?.trim() || "(no reasoning)"}`,
      `Shopper: ${t.text.trim() || "(no text)"}${actions}`,
    ];
  });
  const decision = result.purchased
    ? `bought ${name(result.purchased)}`
    : result.ending === "end_conversation"
      ? "left without buying"
      : "no decision before the turn limit";
  return `${lines.join("\n")}\n\nFinal decision: ${decision}.`;
}

/** R_reason by a model: its 1–5 coherence score mapped onto [0, 1] ((s − 1) / 4). */
export function llmReasonJudge(
  opts: LlmJudgeOptions & { productOf?: (id: string) => Product | undefined },
): ReasonJudge {
  return async ({ persona, result }: { persona: Persona; result: ConversationResult }) => {
    const user = [
      `Persona:\n${personaText(persona)}`,
      preferencesText(persona),
      `Conversation:\n${conversationForJudge(result, opts.productOf)}`,
    ].join("\n\n");
    const a = await ask(opts, "reason_judge", REASON_JUDGE_PROMPT, user, ReasonAnswer);
    return (a.score - 1) / 4;
  };
}
