import type { ToolCall } from "../../core/dialogue.js";
import { Rng } from "../../core/random.js";
import type { Task } from "../../core/task.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import type { PolicyEntry, PolicyOptions } from "../role-registry.js";
import type { AssistantContext, AssistantOutput, AssistantPolicy, PolicyReply } from "../types.js";
import { ReferenceAssistant } from "./reference-assistant.js";

/**
 * The metric ladder (docs/evaluation.md, "Metrics that respond"): the reference assistant with one
 * ability taken away each, so that the metric meant to catch that ability can be shown to drop.
 */

/** The shopper's movement tools: an expected action among them is navigation guidance. */
const MOVES = new Set([
  "move_forward",
  "turn",
  "turn_and_move",
  "move_and_turn",
  "side_step",
  "look_up_down",
  "move_to_fixture",
  "move_to_store",
  "move_to_area",
]);

/** What the assistant without guidance expects while it waits: a look around, the same every time. */
const LOOK_AROUND: ToolCall = { name: "turn", arguments: { direction: "left", angle: 90 } };

/** Wraps the reference assistant, changing what it is shown and what it answers. */
abstract class DegradedAssistant implements AssistantPolicy {
  abstract readonly id: string;
  private readonly inner: ReferenceAssistant;

  constructor(protected readonly k: StoreKnowledge) {
    this.inner = new ReferenceAssistant(k);
  }

  async act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>> {
    const reply = await this.inner.act(this.shown(ctx));
    return { ...reply, output: this.answer(reply.output) };
  }

  protected shown(ctx: AssistantContext): AssistantContext {
    return ctx;
  }

  protected answer(output: AssistantOutput): AssistantOutput {
    return output;
  }
}

/**
 * The same dialogue, guidance and recommendations; only the saved top-10 ranking is a seeded random
 * draw from the catalog each turn (the reference picks what to recommend from its own beliefs, not
 * from the list it reports), so only the ranking metrics should move.
 */
export class RandomRankingAssistant extends DegradedAssistant {
  readonly id = "reference-random-ranking";
  private readonly rng: Rng;
  private readonly catalog: string[];

  constructor(k: StoreKnowledge, task: Task, seed: number) {
    super(k);
    this.rng = new Rng(seed).fork(`random-ranking:${task.id}`);
    this.catalog = [...k.products.keys()].sort();
  }

  protected override answer(output: AssistantOutput): AssistantOutput {
    return { ...output, ranking: this.rng.shuffle(this.catalog).slice(0, 10) };
  }
}

/**
 * Never guides: wherever the reference would tell the shopper where to go, turn, step or look, it
 * only asks its question (or whether anything looks right) and expects a look around; it never says a
 * place or a direction and never acts `Navigate`. Ranking, questions and recommendations are the
 * reference's.
 */
export class NoGuidanceAssistant extends DegradedAssistant {
  readonly id = "reference-no-guidance";

  protected override answer(output: AssistantOutput): AssistantOutput {
    if (!MOVES.has(output.expected_user_action.name)) return output;
    const act = output.assistant_actions[0];
    const rejected = act?.type === "HandleRejection";
    // The reference's guidance sentences state; its questions (budget, what to avoid, must-haves) ask.
    const questions = output.utterance.match(/[^.?!]*\?/g)?.map((q) => q.trim()) ?? [];
    const ask = questions.length ? questions.join(" ") : "Do you see anything that looks right to you?";
    return {
      ...output,
      utterance: `${rejected ? "Understood, let's try something else. " : ""}Have a look around. ${ask}`,
      assistant_actions: [rejected ? act : { type: "AskPreference" }],
      expected_user_action: LOOK_AROUND,
    };
  }
}

/**
 * Ignores the view: it is shown no visible products or targets (nor the image), so it never sees the
 * product within reach and never recommends what is in front of the shopper, and it guides by its map
 * and the shopper's pose alone.
 */
export class BlindAssistant extends DegradedAssistant {
  readonly id = "reference-blind";

  protected override shown(ctx: AssistantContext): AssistantContext {
    return {
      ...ctx,
      observation: {
        ...ctx.observation,
        products: [],
        targets: [],
        caption: "",
        marks: [],
        handles: { products: {}, targets: {} },
        image: Buffer.alloc(0),
      },
      views: [],
    };
  }
}

const REFERENCE_CONDITIONS = {
  conditions: ["full", "no-evv"],
  conditionsWhy:
    "it is the reference assistant with one ability less, and the reference needs the visible-entity list that no-evv-caption withholds (it never looks at the image); play that condition with a model assistant",
} as const satisfies Partial<PolicyEntry<"assistant">>;

/** The degraded built-in assistants by name, in the ladder's order. */
export const DEGRADED_ASSISTANTS = {
  "reference-random-ranking": {
    ...REFERENCE_CONDITIONS,
    create: (o: PolicyOptions) => new RandomRankingAssistant(o.knowledge, o.task, o.seed),
  },
  "reference-no-guidance": {
    ...REFERENCE_CONDITIONS,
    create: (o: PolicyOptions) => new NoGuidanceAssistant(o.knowledge),
  },
  // It reads no visible-entity list, so every condition plays the same for it.
  "reference-blind": { create: (o: PolicyOptions) => new BlindAssistant(o.knowledge) },
} as const satisfies Record<string, PolicyEntry<"assistant">>;
