import type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import type { PromptSet } from "../agents/prompts/prompt-set.js";
import { builtinRoles } from "../agents/role-registry.js";
import type { ShopperContext, ShopperPolicy } from "../agents/types.js";
import type { EnvId } from "../core/manifest.js";
import type { Profile } from "../core/profile.js";
import type { LlmClient } from "../llm/client.js";
import type { ParticipantClient } from "./participant-client.js";
import type { ParticipantBriefing, ParticipantState, ParticipantTurn } from "./participant-view.js";
import type { ParticipantProfile, QuestionnaireAnswers } from "./study-spec.js";

/** Rates an interaction that just ended, from what the participant saw of it. */
export type Rater = (seen: SeenInteraction) => Promise<QuestionnaireAnswers>;

/** What a participant saw of one interaction: its task and persona (the briefing), every turn, the end. */
export interface SeenInteraction {
  state: ParticipantState;
  briefing: ParticipantBriefing;
  turns: ParticipantTurn[];
}

export interface SimulatedParticipantOptions {
  /** The shopper policy that plays the participant: `rule` or a model id (as `siturec run --shopper`). */
  shopper: string;
  knowledge: StoreKnowledge;
  client: LlmClient;
  prompts: PromptSet;
  rate: Rater;
  seed?: number;
  /** After each step (for progress). */
  onStep?: (state: ParticipantState) => void;
}

/** The profile a simulated participant fills in: the persona its first task's shopper plays. */
export function profileOf(p: Profile): ParticipantProfile {
  const d = p.demographics;
  return {
    ageGroup: d.ageGroup,
    gender: d.gender,
    household: d.household,
    occupation: d.occupation.slice(0, 80),
    shoppingFrequency: "weekly",
    aiFamiliarity: 3,
    preferences: p.persona.priorities.join("; ").slice(0, 300),
  };
}

/**
 * The shopper context a policy gets in simulation, rebuilt from the participant API's turn: the API
 * carries the whole ShopperContext but its images (the view is fetched apart; the minimap is left
 * out, as a policy gets none unless it asks).
 */
export function shopperContext(
  state: ParticipantState,
  briefing: ParticipantBriefing,
  t: ParticipantTurn,
  image: Buffer,
): ShopperContext {
  return {
    env: state.study.env as EnvId,
    turn: t.turn,
    profile: briefing.profile,
    task: briefing.task,
    history: t.history,
    assistantUtterance: t.assistantUtterance,
    observation: { role: "shopper", ...t.view, image },
    minimap: Buffer.alloc(0),
    shared: t.shared,
    checked: t.checked,
    revealed: t.revealed,
    ...(t.lastAction ? { lastAction: t.lastAction } : {}),
  };
}

/**
 * Plays a participant's whole study through the participant API, as a person would through the
 * page: profile, each interaction's goal, every turn (a shopper policy decides), the questionnaire.
 * Picks up wherever the participant is (a run interrupted half-way continues).
 */
export async function simulateParticipant(
  api: ParticipantClient,
  opts: SimulatedParticipantOptions,
): Promise<ParticipantState> {
  const role = builtinRoles().resolve("shopper", opts.shopper);
  let policy: ShopperPolicy | undefined;
  let seen: ParticipantTurn[] = [];
  let state = await api.state();
  // The interaction's task and persona, asked once per interaction (the organiser's route).
  let briefing: ParticipantBriefing | undefined;
  const brief = async (): Promise<ParticipantBriefing> => {
    if (briefing?.index !== state.interaction!.index) briefing = await api.briefing();
    return briefing;
  };
  for (;;) {
    opts.onStep?.(state);
    switch (state.stage) {
      case "finished":
        return state;
      case "profile":
        state = await api.profile(profileOf((await brief()).profile));
        break;
      case "goal":
        policy = undefined;
        seen = [];
        state = await api.start(state.interaction!.index);
        break;
      case "playing": {
        const t = state.turn!;
        seen.push(t);
        policy ??= role.create({
          knowledge: opts.knowledge,
          task: (await brief()).task,
          seed: opts.seed ?? 0,
          condition: "full",
          client: opts.client,
          prompts: opts.prompts,
        });
        const image = role.id === "rule" ? Buffer.alloc(0) : ((await api.view()) ?? Buffer.alloc(0));
        const reply = await policy.act(shopperContext(state, await brief(), t, image));
        state = await api.act(t.turn, reply.output);
        break;
      }
      case "questionnaire":
        state = await api.answer(
          state.interaction!.index,
          await opts.rate({ state, briefing: await brief(), turns: seen }),
        );
        seen = [];
        break;
    }
  }
}
