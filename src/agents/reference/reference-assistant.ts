import type { ToolCall } from "../../core/dialogue.js";
import type { Product } from "../../core/product.js";
import type { NavTarget } from "../../core/spatial.js";
import type { RoleObservation } from "../../render/observer.js";
import { money } from "../../tasks/build-goal.js";
import { describeLabel, hasLabel } from "../../tasks/labels.js";
import type { NeedSpec } from "../../tasks/role-spec.js";
import { LabelLexicon, normalize } from "../knowledge/language.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import type {
  AssistantAction,
  AssistantContext,
  AssistantOutput,
  AssistantPolicy,
  DialogueTurn,
  NavigateAction,
  PolicyReply,
} from "../types.js";
import { Beliefs } from "./beliefs.js";
import { guide, guideToItem, placeName } from "./guidance.js";

/** The shopper's latest reply: its words and its executed action. */
type ShopperReply = NonNullable<DialogueTurn["shopper"]>;

/** What the assistant knows while heading for the best fitting product. */
interface Pursuit {
  best: Product;
  /** Where the product is: its fixture, or its store's display area. */
  goal: NavTarget;
  view: RoleObservation;
  /** Whether enough is known to recommend. */
  ready: boolean;
  /** Whether the shopper turned something down this turn. */
  rejectedNow: boolean;
  ranking: string[];
}

const IDLE: ToolCall = { name: "idle", arguments: {} };

/** How the assistant asks for a look at an item, by the store's way of inspecting. */
const LOOK = { hold: "pick it up to take a look", check: "check it to see the details" } as const;

/** Whether a request names the kind of product (one of the family's nouns or categories), not only its use. */
function namesKind(text: string, family: NeedSpec): boolean {
  const t = normalize(text);
  return [...family.nouns, ...family.categories].some((n) => t.includes(normalize(n)));
}

/** Why a product suits the shopper, in words, from what is known of the need. */
function reasonFor(p: Product, beliefs: Beliefs): string {
  const bits: string[] = [];
  for (const l of beliefs.required)
    bits.push(l.facet === "flavor" ? `${l.value} flavor` : l.value.replace(/-/g, " "));
  for (const l of beliefs.unwanted.slice(0, 2)) bits.push(`no ${l.value.replace(/-/g, " ")}`);
  if (beliefs.budget !== undefined)
    bits.push(`${money(p.price)}, within your ${money(beliefs.budget)} budget`);
  else bits.push(`${money(p.price)}`);
  return bits.join(", ");
}

/**
 * The built-in assistant (no model): it reads the shopper's words against the catalog's categories,
 * labels and budget mentions; ranks the catalog every turn; plans the route on the navigation mesh and
 * guides the shopper from visible target to visible target; asks for what it does not know yet while
 * walking; recommends the best fitting product once it is in view and the need is known; explains,
 * confirms the purchase, and after a rejection drops that product and takes the reason into account.
 */
export class ReferenceAssistant implements AssistantPolicy {
  readonly id = "reference";
  private readonly beliefs: Beliefs;
  private readonly asked = new Set<string>();
  /** The product the shopper is deciding on (recommended or inspected). */
  private pending?: string;

  private readonly lexicon: LabelLexicon;

  constructor(private readonly k: StoreKnowledge) {
    this.lexicon = new LabelLexicon(k.vocabulary);
    this.beliefs = new Beliefs(k, this.lexicon);
  }

  async act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>> {
    return { output: this.decide(ctx), calls: [] };
  }

  private out(
    act: AssistantAction,
    utterance: string,
    expected: ToolCall,
    ranking: string[],
  ): AssistantOutput {
    return { utterance, assistant_actions: [act], expected_user_action: expected, ranking, tool_calls: [] };
  }

  private decide(ctx: AssistantContext): AssistantOutput {
    const last = ctx.history.at(-1)?.shopper;
    if (last) this.listen(last.utterance, last.action);
    const ranking = this.beliefs
      .rank()
      .slice(0, 10)
      .map((p) => p.id);
    if (ctx.turn === 0 || !last) {
      return this.out({ type: "Greet" }, "Hi, welcome! What are you shopping for today?", IDLE, ranking);
    }
    return (
      this.clarifyNeed(ctx.turn, last.utterance, ranking) ??
      this.closeSale(ctx, last, ranking) ??
      this.pursue(ctx, last, ranking)
    );
  }

  /** Asks what the shopper needs while the kind of product is not known yet. */
  private clarifyNeed(turn: number, utterance: string, ranking: string[]): AssistantOutput | undefined {
    const b = this.beliefs;
    // A request that names a use but no kind of product ("for evenings of homework"): clarify the need.
    if (b.family && turn === 1 && !namesKind(utterance, b.family)) {
      return this.out(
        { type: "ClarifyNeed" },
        "Just to make sure I understand: what kind of product do you have in mind for that?",
        IDLE,
        ranking,
      );
    }
    if (!b.family) {
      return this.out(
        { type: "ClarifyNeed" },
        "Happy to help you find it. What kind of product are you looking for, and what will you use it for?",
        IDLE,
        ranking,
      );
    }
    return undefined;
  }

  /** The shopper is holding, or has just checked, something that fits: explain and close the sale. */
  private closeSale(
    ctx: AssistantContext,
    last: ShopperReply,
    ranking: string[],
  ): AssistantOutput | undefined {
    const b = this.beliefs;
    const deciding = this.deciding(ctx, last.action);
    if (!deciding) return undefined;
    const p = this.k.product(deciding);
    if (!b.fits(p)) return undefined;
    const asksWhy = /\bwhy\b|how come|what makes|sure it|explain/i.test(last.utterance);
    const asksToCompare = /\bcompare|other options|alternatives?\b/i.test(last.utterance);
    if (/\b(?:anything|something) cheaper\b/i.test(last.utterance)) return this.cheaper(p, ranking);
    if (asksToCompare && !asksWhy) return this.compare(p, ranking);
    if (!asksWhy && this.asksAboutIt(last.utterance)) {
      return this.out(
        { type: "AnswerQuestion" },
        `${this.answer(p, last.utterance)} Would you like to add it to your cart?`,
        { name: "add_to_cart", arguments: {} },
        ranking,
      );
    }
    if (asksWhy) {
      return this.out(
        { type: "Explain" },
        `It matches what you told me: ${reasonFor(p, b)}. If that works for you, add it to your cart.`,
        { name: "add_to_cart", arguments: {} },
        ranking,
      );
    }
    return this.out(
      { type: "ConfirmPurchase" },
      `That ${p.name} fits: ${reasonFor(p, b)}. Shall we add it to your cart?`,
      { name: "add_to_cart", arguments: {} },
      ranking,
    );
  }

  /** Heads for the best fitting product: recommends it once in reach, else guides the shopper to it. */
  private pursue(ctx: AssistantContext, last: ShopperReply, ranking: string[]): AssistantOutput {
    const b = this.beliefs;
    const rejectedNow =
      last.action?.call.name === "drop_item" ||
      last.action?.call.name === "do_not_add_to_cart" ||
      this.soundsLikeNo(last.utterance);
    const candidates = b.rank().filter((p) => b.fits(p));
    const best = candidates[0];
    // Asked before the checks below on purpose: asking marks the question as asked.
    const question = this.nextQuestion();
    if (!best) {
      // Nothing known fits: ask for what could change that.
      return this.out(
        { type: rejectedNow ? "HandleRejection" : "ClarifyNeed" },
        `${rejectedNow ? "Understood. " : ""}I don't see anything that fits all of that yet — is there any flexibility on the budget or on your requirements?`,
        IDLE,
        ranking,
      );
    }
    const goal = this.k.homeOf(best.id).target;
    const view = this.read(ctx.observation);
    const ready = b.ready(ctx.turn) || ctx.turn >= ctx.maxTurns - 6;
    const pursuit: Pursuit = { best, goal, view, ready, rejectedNow, ranking };
    return this.offerInReach(pursuit) ?? this.walkTo(ctx, pursuit, question);
  }

  /** Recommends the product, or points at it again, when it is within the shopper's reach. */
  private offerInReach({ best, view, ready, rejectedNow, ranking }: Pursuit): AssistantOutput | undefined {
    const b = this.beliefs;
    const seen = view.products.find((v) => v.productId === best.id);
    const { reachM: reach, tool: inspect, mode } = this.k.def.inspection;
    const look = LOOK[mode];
    // Recommend once, when the item is within the shopper's reach; a recommendation counts towards
    // the episode's limit, so it is not repeated while the shopper walks up to it.
    if (
      seen &&
      seen.distanceM <= reach &&
      ready &&
      !b.recommended.includes(best.id) &&
      b.recommended.length < 3
    ) {
      b.recommended.push(best.id);
      this.pending = best.id;
      const lead = rejectedNow ? "Thanks for telling me. Then " : "";
      return this.out(
        {
          type: "Recommend",
          display_name: `${best.brand} ${best.name}`,
          visible_now: true,
          reason: reasonFor(best, b),
        },
        `${lead}I'd recommend the ${best.brand} ${best.name}: ${reasonFor(best, b)}. It's right here in front of you — ${look}.`,
        { name: inspect, arguments: { target: seen.handle } },
        ranking,
      );
    }
    if (seen && seen.distanceM <= reach && b.recommended.includes(best.id)) {
      return this.out(
        { type: "Explain" },
        `The ${best.brand} ${best.name} I mentioned is right in front of you — ${look}.`,
        { name: inspect, arguments: { target: seen.handle } },
        ranking,
      );
    }
    return undefined;
  }

  /** Walks the shopper to the product's place, asking what is still unknown on the way. */
  private walkTo(ctx: AssistantContext, pursuit: Pursuit, question: string | undefined): AssistantOutput {
    const { best, goal, view, ready, rejectedNow, ranking } = pursuit;
    const pose = ctx.shared.pose;
    // Walk there: the candidate's side of its fixture, or its store and display area.
    const side =
      goal.type === "fixture"
        ? ((
            this.k.instances.get(best.id)?.find((i) => i.on.type === "level" && i.on.fixture === goal.id)
              ?.on as { side?: string }
          )?.side ?? "front")
        : goal.type === "area"
          ? "area_point"
          : "inside_doorway";
    const g = guide(this.k, pose, view, goal, side);
    const ask = question ? ` ${question}` : "";
    const lead = rejectedNow ? "Understood, let's try something else. " : "";
    if (!g.arrived) {
      const act = this.navigate({
        navigation_goal: g.goalHandle,
        reason: `${best.name} is ${goal.type === "fixture" ? "at" : "in"} ${placeName(goal)}`,
        next_waypoint: g.next?.handle ?? g.goalHandle,
        target_approach: g.next?.approach ?? (goal.type === "area" ? "area_point" : "inside_doorway"),
      });
      return this.out(
        rejectedNow ? { type: "HandleRejection" } : act,
        `${lead}${g.utterance}${ask}`,
        g.expected,
        ranking,
      );
    }
    // At the place: ask what is still unknown, or bring the item into view and reach.
    if (!ready && question)
      return this.out({ type: "AskPreference" }, `${lead}We're in the right spot.${ask}`, IDLE, ranking);
    const local = guideToItem(this.k, pose, best.id, this.k.def.inspection.reachM);
    const h = this.k.handles.assistant.get(goal.id)!;
    return this.out(
      rejectedNow
        ? { type: "HandleRejection" }
        : this.navigate({
            navigation_goal: h,
            reason: `the item is at ${placeName(goal)}`,
            next_waypoint: h,
            target_approach: goal.type === "area" ? "area_point" : "inside_doorway",
          }),
      `${lead}${local.utterance}${ask}`,
      local.expected,
      ranking,
    );
  }

  /** A Navigate annotation with the fields this store's Navigate schema has (in their order here). */
  private navigate(fields: Omit<Required<NavigateAction>, "type">): NavigateAction {
    const shape = this.k.def.navigateSchema.shape;
    return {
      type: "Navigate",
      ...Object.fromEntries(Object.entries(fields).filter(([key]) => key in shape)),
    } as NavigateAction;
  }

  /**
   * The visible entities with the ids the assistant can tell from what it is shown: a product by the
   * brand and name on its package (unique in a store's catalog), a target by its fixed map handle.
   */
  private read(view: RoleObservation): RoleObservation {
    return {
      ...view,
      products: view.products.map((p) => ({
        ...p,
        productId: p.productId ?? this.k.productByLabel.get(`${p.brand} ${p.name}`),
      })),
      targets: view.targets.map((t) => ({
        ...t,
        targetId: t.targetId ?? this.k.targetByAssistantHandle.get(t.handle),
      })),
    };
  }

  /** Answers hesitation over the price: a cheaper product that fits, or why this one is the most affordable. */
  private cheaper(p: Product, ranking: string[]): AssistantOutput {
    const b = this.beliefs;
    const other = b
      .rank()
      .filter((q) => q.id !== p.id && b.fits(q) && q.price < p.price)
      .sort((x, y) => x.price - y.price)[0];
    const utterance = other
      ? `I understand. The ${other.brand} ${other.name} also fits and costs ${money(other.price)}, so that's an option — but the ${p.name} at ${money(p.price)} has everything you asked for. Would you like to take it?`
      : `I understand — at ${money(p.price)} it's the most affordable option that has everything you asked for: ${reasonFor(p, b)}. Would you like to take it?`;
    return this.out({ type: "HandleRejection" }, utterance, { name: "add_to_cart", arguments: {} }, ranking);
  }

  /** Compares the product being decided on with the next best that fits, and still recommends the first. */
  private compare(p: Product, ranking: string[]): AssistantOutput {
    const b = this.beliefs;
    const other = b.rank().find((q) => q.id !== p.id && b.fits(q));
    const utterance = other
      ? `Compared with the ${other.brand} ${other.name} at ${money(other.price)}, the ${p.name} is ${p.price <= other.price ? "the better value" : "the closer match"}: ${reasonFor(p, b)}. Both fit what you told me; I'd go with the ${p.name}. Shall we add it to your cart?`
      : `It's the only one here that fits everything you asked for: ${reasonFor(p, b)}. Shall we add it to your cart?`;
    return this.out({ type: "Compare" }, utterance, { name: "add_to_cart", arguments: {} }, ranking);
  }

  /** A factual question about the item ("Is it gluten-free?", "How much is it?"). */
  private asksAboutIt(text: string): boolean {
    return /\b(is it|does it|how much|what(?:'s| is) the price|how big)\b[^?]*\?/i.test(text);
  }

  /** The catalog's answer: the price, and for each label the question names, whether the item has it. */
  private answer(p: Product, question: string): string {
    const { required, unwanted } = this.lexicon.read(question);
    const facts = [...required, ...unwanted].map((l) => {
      const has = hasLabel(p, l);
      if (l.facet === "allergen") return has ? `it contains ${l.value}` : `it's free of ${l.value}`;
      return `${has ? "it is" : "it isn't"} ${describeLabel(l, p.kind)}`;
    });
    return `It's ${money(p.price)}${facts.length ? `, and ${facts.join(", and ")}` : ""}.`;
  }

  /** The next thing to ask while walking: budget, then what to avoid, then anything else. */
  private nextQuestion(): string | undefined {
    const b = this.beliefs;
    if (b.complete) return undefined;
    if (b.budget === undefined && !this.asked.has("budget")) {
      this.asked.add("budget");
      return "What's your budget for it?";
    }
    if (!this.asked.has("avoid")) {
      this.asked.add("avoid");
      return "Is there anything you'd like to avoid?";
    }
    return "Anything else that matters to you — any must-haves?";
  }

  private soundsLikeNo(text: string): boolean {
    return /\b(not (?:quite|what|right)|i'll pass|pass on|no thanks|don't (?:want|like)|over my budget|too (?:expensive|pricey)|doesn't (?:work|suit)|won't work|isn't what|that's not)\b/i.test(
      text,
    );
  }

  /** Takes in the shopper's latest words and action. */
  private listen(
    utterance: string,
    action?: { call: ToolCall; success: boolean; revealed?: { product: string } },
  ): void {
    this.beliefs.hear(utterance);
    const name = action?.call.name;
    if (action?.success && action.revealed) this.pending = action.revealed.product;
    if (action?.success && (name === "drop_item" || name === "do_not_add_to_cart") && this.pending) {
      this.beliefs.reject(this.pending, utterance);
      this.pending = undefined;
    } else if (this.pending && this.soundsLikeNo(utterance)) {
      this.beliefs.reject(this.pending, utterance);
      this.pending = undefined;
    }
  }

  /** The product the shopper is deciding on now: in hand, or just checked. */
  private deciding(
    ctx: AssistantContext,
    action?: { call: ToolCall; success: boolean; revealed?: { product: string } },
  ): string | undefined {
    if (this.k.def.inspection.mode === "hold") return ctx.shared.held ?? undefined;
    if (action?.success && action.revealed) return action.revealed.product;
    return this.pending && action?.call.name === "idle" ? this.pending : undefined;
  }
}
