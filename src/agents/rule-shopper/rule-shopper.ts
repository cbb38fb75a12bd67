import type { ToolCall } from "../../core/dialogue.js";
import type { Product } from "../../core/product.js";
import type { Level } from "../../core/profile-vocabulary.js";
import { Rng } from "../../core/random.js";
import type { DisclosureStep, Task } from "../../core/task.js";
import { money } from "../../tasks/build-goal.js";
import { describeLabel, describeUnwanted, hasLabel } from "../../tasks/labels.js";
import { findInstruction, findQuestions, nameMatch } from "../knowledge/language.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import type { PolicyReply, ShopperContext, ShopperOutput, ShopperPolicy } from "../types.js";

/** How often a shopper follows a navigation suggestion, by its navigation-following setting. */
export const FOLLOW_PROBABILITY: Record<Level, number> = { low: 0.6, medium: 0.8, high: 0.95 };
/** After this many turns without a purchase a shopper gives up (high patience never does before the turn limit). */
export const PATIENCE_TURNS: Record<Level, number> = { low: 14, medium: 17, high: Number.POSITIVE_INFINITY };

const IDLE: ToolCall = { name: "idle", arguments: {} };

/** The kinds of question the assistant's words ask. */
type Questions = ReturnType<typeof findQuestions>;

/**
 * The built-in shopper (no model, seeded): it opens with its request, then adds at most one new
 * detail per turn in the order of its disclosure policy (answering a direct question first); it
 * follows navigation suggestions with the probability its profile gives and explores otherwise;
 * it inspects a recommended item before deciding, accepts only what meets its labels and budget
 * (by the catalog), and rejects anything else with its reason; its wording varies; and it only
 * ever uses handles from its current view.
 */
export class RuleShopper implements ShopperPolicy {
  readonly id = "rule";
  private readonly rng: Rng;
  private disclosed = 0;
  private opened = false;
  /** Whether the shopper has named the kind of product (an opening by use alone has not). */
  private namedKind = false;
  private readonly declined = new Set<string>();
  /** This episode's disclosure order (a direct question can move a detail forward). */
  private readonly steps: DisclosureStep[];
  /** Stores where items are checked in place: the product checked and not yet decided on. */
  private considering?: string;
  /** Products the shopper has asked why they suit it, and asked a question about. */
  private readonly askedWhy = new Set<string>();
  private readonly askedAbout = new Set<string>();
  /** Whether it has asked how the item compares with the alternatives, and for something cheaper (once each). */
  private askedToCompare = false;
  private askedForCheaper = false;

  constructor(
    private readonly k: StoreKnowledge,
    private readonly task: Task,
    seed: number,
  ) {
    this.rng = new Rng(seed).fork(`shopper:${task.id}`);
    this.steps = [...task.goal.disclosure.steps];
  }

  async act(ctx: ShopperContext): Promise<PolicyReply<ShopperOutput>> {
    return { output: this.decide(ctx), calls: [] };
  }

  private say(options: string[]): string {
    return this.rng.pick(options);
  }

  private decide(ctx: ShopperContext): ShopperOutput {
    const goal = this.task.goal;
    const profile = ctx.profile;
    const questions = findQuestions(ctx.assistantUtterance);

    if (!this.opened) {
      this.opened = true;
      this.namedKind = goal.disclosure.opening !== "use";
      return { utterance: goal.request, tool_call: IDLE };
    }
    if (ctx.turn >= PATIENCE_TURNS[profile.interaction.patience]) {
      return {
        utterance: this.say([
          "I don't think I'll find what I need today — thanks anyway.",
          "I'll come back another time. Thanks for trying.",
        ]),
        tool_call: IDLE,
      };
    }

    // 1. Decide on the item being inspected: the one in hand, or the one checked and not yet decided.
    if (ctx.lastAction?.success && ctx.lastAction.revealed)
      this.considering = ctx.lastAction.revealed.product;
    const deciding = this.k.def.inspection.mode === "hold" ? ctx.shared.held : this.considering;
    if (deciding) return this.decideOn(this.k.product(deciding), ctx, questions);

    // 2. The disclosure: at most one new detail per turn.
    const detail = this.disclosure(ctx.assistantUtterance, questions);
    const parts: string[] = detail ? [detail] : [];

    // 3. Act: inspect a recommended item, follow the guidance (mostly), or look around.
    const action = this.chooseAction(ctx, parts);
    if (!parts.length) parts.push(this.say(["Okay.", "Alright.", "Sure.", "Got it."]));
    return { utterance: parts.join(" "), tool_call: action };
  }

  /** Takes the item being inspected if it meets the goal (after any questions), else puts it back. */
  private decideOn(p: Product, ctx: ShopperContext, questions: Questions): ShopperOutput {
    const problem = this.problemWith(p);
    if (!problem) return this.accept(p, ctx, questions);
    this.declined.add(p.id);
    this.considering = undefined;
    return {
      utterance: this.rejection(p, problem),
      tool_call: { name: this.k.def.inspection.declineTool, arguments: {} },
    };
  }

  /**
   * The acceptance policy, in full: an explanation first where it asks for one (always when
   * `high`, when none was given when `medium`), and a comparison when it weighs alternatives.
   */
  private accept(p: Product, ctx: ShopperContext, questions: Questions): ShopperOutput {
    const goal = this.task.goal;
    const { explanationNeeded, considerAlternatives } = goal.acceptance;
    // A price-sensitive shopper hesitates over a price near its budget, once.
    if (
      !this.askedForCheaper &&
      ctx.profile.interaction.priceSensitivity === "high" &&
      p.price > 0.7 * goal.budget.amount
    ) {
      this.askedForCheaper = true;
      return {
        utterance: this.say([
          "Hmm, it's a bit more than I hoped to spend — is there anything cheaper?",
          `That's more than I'd like to pay for ${goal.need.noun}. Is there something cheaper?`,
        ]),
        tool_call: IDLE,
      };
    }
    const explained =
      /because|fits|within your|matches|suit|good (?:choice|fit)|[a-z]+-free|flavou?r|budget/i.test(
        ctx.assistantUtterance,
      );
    if (
      !this.askedWhy.has(p.id) &&
      (explanationNeeded === "high" || (explanationNeeded === "medium" && !explained && !questions.confirm))
    ) {
      this.askedWhy.add(p.id);
      return {
        utterance: this.say([
          `Why would this ${p.name} be a good fit for me?`,
          "Can you tell me why this one suits me?",
        ]),
        tool_call: IDLE,
      };
    }
    if (!this.askedToCompare && considerAlternatives === "high") {
      this.askedToCompare = true;
      return {
        utterance: this.say([
          "How does it compare with the other options?",
          "Before I decide — how does this compare with the alternatives?",
        ]),
        tool_call: IDLE,
      };
    }
    this.considering = undefined;
    return {
      utterance: this.say([
        "This is what I need — I'll take it.",
        `The ${p.name} works for me. Adding it to my cart.`,
        "Perfect, I'll take this one.",
      ]),
      tool_call: { name: "add_to_cart", arguments: {} },
    };
  }

  /**
   * What the shopper tells this turn: the answer to what was asked, else the next detail. Asked what
   * kind of product, a shopper who opened with the use alone names it first.
   */
  private disclosure(text: string, questions: Questions): string | undefined {
    const goal = this.task.goal;
    const kindAsked =
      /what kind|what sort|what type|what (?:are|is it) you(?:'re)? (?:looking|shopping)/i.test(text);
    let detail: string | undefined;
    if (!this.namedKind && kindAsked) {
      this.namedKind = true;
      detail = this.say([`I need ${goal.need.noun}.`, `I'm after ${goal.need.noun}.`]);
    } else detail = this.nextDetail(questions);
    if (detail) return detail;
    if (questions.anythingElse || questions.needs || questions.avoid || questions.budget) {
      return this.say(["That's everything I need.", "No, that's all.", "Nothing else, that's it."]);
    }
    return undefined;
  }

  /** Why a product does not do, by the catalog, or undefined if it does. */
  private problemWith(p: Product): string | undefined {
    const goal = this.task.goal;
    if (!goal.need.categories.includes(p.category)) return `kind:${goal.need.noun}`;
    if (p.price > goal.budget.amount + 1e-9) return "budget";
    for (const l of goal.preferences.unwanted)
      if (hasLabel(p, l)) return `unwanted:${describeUnwanted(l, false)}`;
    for (const l of goal.preferences.required)
      if (!hasLabel(p, l)) return `required:${describeLabel(l, p.kind)}`;
    return undefined;
  }

  private rejection(p: Product, problem: string): string {
    const goal = this.task.goal;
    const [kind, detail] = problem.split(/:(.*)/s) as [string, string | undefined];
    const reason =
      kind === "budget"
        ? `it's ${money(p.price)}, over my budget of ${money(goal.budget.amount)}`
        : kind === "unwanted"
          ? `I want ${detail}`
          : kind === "required"
            ? `I need it to be ${detail}`
            : `I'm looking for ${detail}`;
    switch (goal.acceptance.onUnsuitable) {
      case "ask_clarification":
        return this.say([
          `Hmm, ${reason}. Is there something else that would work?`,
          `I'll pass — ${reason}. What else do you have?`,
        ]);
      case "compare_alternatives":
        return this.say([
          `Not this one: ${reason}. How do the other options compare?`,
          `I'll put it back — ${reason}. Is there a better alternative?`,
        ]);
      default:
        return this.say([
          `No, ${reason}.`,
          `That won't work: ${reason}.`,
          `I'll pass on this one — ${reason}.`,
        ]);
    }
  }

  private detailLine(step: DisclosureStep): string {
    if (step.kind === "budget") {
      return this.say([
        `My budget is about ${money(step.amount)}.`,
        `I'd like to keep it under ${money(step.amount)}.`,
        `I can spend up to ${money(step.amount)}.`,
      ]);
    }
    return step.say;
  }

  private nextDetail(q: Questions): string | undefined {
    const steps = this.steps;
    const pending = steps.slice(this.disclosed);
    if (!pending.length) return undefined;
    // A direct question is answered first, if its answer is still to come.
    const asked = pending.find((s) => (q.budget && s.kind === "budget") || (q.avoid && s.kind === "avoid"));
    const step = asked ?? pending[0]!;
    const index = steps.indexOf(step);
    [steps[this.disclosed], steps[index]] = [steps[index]!, steps[this.disclosed]!];
    this.disclosed++;
    return this.detailLine(step);
  }

  private chooseAction(ctx: ShopperContext, parts: string[]): ToolCall {
    const view = ctx.observation;
    const text = ctx.assistantUtterance;
    const { reachM: reach, tool: inspect } = this.k.def.inspection;

    // A recommended product in view: go and inspect it.
    const named = view.products
      .map((p) => ({ p, m: Math.max(nameMatch(text, `${p.brand} ${p.name}`), nameMatch(text, p.name)) }))
      .filter(({ p, m }) => m >= 0.75 && !this.declinedHandle(ctx, p.handle))
      .sort((a, b) => b.m - a.m || a.p.distanceM - b.p.distanceM)[0]?.p;
    if (named) {
      if (named.distanceM <= reach) {
        parts.push(this.say(["Let me take a look.", "I'll have a closer look.", "Let me check it."]));
        const id = ctx.observation.handles.products[named.handle];
        // A shopper who seeks explanations asks about what matters to it while it looks.
        if (id && ctx.profile.interaction.explanationSeeking === "high" && !this.askedAbout.has(id)) {
          this.askedAbout.add(id);
          parts.push(this.questionAbout());
        }
        return { name: inspect, arguments: { target: named.handle } };
      }
      if (named.bearing !== "ahead")
        return { name: "turn", arguments: { direction: named.bearing, angle: 25 } };
      return {
        name: "move_forward",
        arguments: { distance: Math.min(2.5, Math.round((named.distanceM - reach + 0.5) * 2) / 2) },
      };
    }

    const follow = this.rng.float() < FOLLOW_PROBABILITY[ctx.profile.interaction.navigationFollowing];
    const instruction = findInstruction(text);
    // A place to go to: named right after "go/head/walk to" (the first such name), not one that is
    // only mentioned as where a route leads ("turn right … towards X").
    const directive = /\b(?:go|head|walk|come)(?: over)? (?:to|into|inside)\b|let's go/i.exec(text);
    const lower = text.toLowerCase();
    const hits = directive
      ? view.targets
          .map((t) => ({ t, at: lower.indexOf(t.name.toLowerCase(), directive.index), end: 0 }))
          .filter((h) => h.at >= 0)
          .map((h) => ({ ...h, end: h.at + h.t.name.length }))
      : [];
    // A name overlapping a longer one ("The Plant" in "the Plant Stands & Shelves area") is not a mention.
    const place = hits
      .filter(
        (h) => !hits.some((o) => o !== h && o.at < h.end && o.end > h.at && o.end - o.at > h.end - h.at),
      )
      .sort((a, b) => a.at - b.at)[0]?.t;
    if (
      follow &&
      (place ||
        instruction.turnAndMove ||
        instruction.turn ||
        instruction.look ||
        instruction.step ||
        instruction.forward)
    ) {
      if (place) {
        if (place.kind === "area") return { name: "move_to_area", arguments: { target: place.handle } };
        if (place.kind === "store") {
          const approach =
            instruction.approach === "inside_doorway" || /\binto\b|\binside\b/i.test(text)
              ? "inside_doorway"
              : "outside_doorway";
          return { name: "move_to_store", arguments: { target: place.handle, approach } };
        }
        // The side asked for if usable, else the nearest point; with no side named, a usable side.
        const side =
          instruction.approach === "front" || instruction.approach === "back"
            ? instruction.approach
            : undefined;
        const approach = side
          ? place.approaches.includes(side)
            ? side
            : "nearest"
          : (place.approaches.find((a) => a !== "nearest") ?? "nearest");
        return { name: "move_to_fixture", arguments: { target: place.handle, approach } };
      }
      if (instruction.turnAndMove) return { name: "turn_and_move", arguments: instruction.turnAndMove };
      if (instruction.look) return { name: "look_up_down", arguments: instruction.look };
      if (instruction.step) return { name: "side_step", arguments: instruction.step };
      if (instruction.turn) return { name: "turn", arguments: instruction.turn };
      if (instruction.forward) return { name: "move_forward", arguments: { distance: instruction.forward } };
    }
    if (place || instruction.turn || instruction.turnAndMove || instruction.forward) {
      // Not following this time: wander a little instead.
      return this.rng.pick<ToolCall>([
        {
          name: "turn",
          arguments: { direction: this.rng.pick(["left", "right"]), angle: this.rng.pick([30, 45, 60]) },
        },
        { name: "move_forward", arguments: { distance: this.rng.pick([1, 1.5, 2]) } },
        IDLE,
      ]);
    }
    return IDLE;
  }

  /** A question about the item: one of its must-haves if it has any, else the price. */
  private questionAbout(): string {
    const kind = this.k.def.productKind;
    const required = this.task.goal.preferences.required[0];
    return required ? `Is it ${describeLabel(required, kind)}?` : "How much is it?";
  }

  private declinedHandle(ctx: ShopperContext, handle: string): boolean {
    const id = ctx.observation.handles.products[handle];
    return !!id && this.declined.has(id);
  }
}
