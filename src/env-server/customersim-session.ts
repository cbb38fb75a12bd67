import { z } from "zod";
import { chatMessages, chatTools, imagePublisher } from "../agents/remote/chat-messages.js";
import { MAX_UTTERANCE_CHARS } from "../agents/types.js";
import { type SiturecError, shortMessage } from "../core/errors.js";
import {
  type ConversationResult,
  createPushySales,
  createReferenceSales,
  decisionAlignment,
  defaultChatStore,
  LlmSales,
  LlmShopper,
  loadCustomerSimData,
  type Persona,
  RawToolCall,
  readReplyText,
  runConversation,
  type SalesAgent,
  SHOPPER_TOOL_SPECS,
  type ShopperContext,
  type ShopperReply,
  type TrajectoryReward,
  type Turn,
  totalsOf,
  trajectoryReward,
  type UsageLedger,
} from "../customersim/index.js";
import { resolveSampling } from "../customersim/llm-agents/sampling.js";
import type {
  AgentUsage,
  CustomerSimHeader,
  CustomerSimOutcome,
} from "../customersim/stored-conversation.js";
import { storedRound } from "../customersim/stored-conversation.js";
import { CUSTOMERSIM_PARTS, codeVersion } from "../runner/code-version.js";
import { CUSTOMERSIM_AGENTS } from "../runner/customersim/customersim-config.js";
import { EnvSession, type Settled, type StepCosts } from "./env-session.js";
import type { CustomerSimSessionSpec, Observation, StepRequest } from "./protocol.js";
import type { ServerResources } from "./server-resources.js";
import { SessionError } from "./session-error.js";

/** The shopper's action: what it says, and the decision tools it calls (`add_to_cart`, `end_conversation`). */
export const CustomerSimAction = z
  .object({
    text: z
      .string()
      .max(MAX_UTTERANCE_CHARS)
      .describe("what the shopper says (reasoning in <reasoning>…</reasoning> is stripped)"),
    tool_calls: z.array(RawToolCall).optional().describe("add_to_cart {product_id} or end_conversation {}"),
  })
  .strict();

let actionJsonSchema: Record<string, unknown> | undefined;

/** `CustomerSimAction` as JSON Schema, built on first use: every observation shares it (read only). */
function customerSimActionSchema(): Record<string, unknown> {
  actionJsonSchema ??= z.toJSONSchema(CustomerSimAction, { io: "input" }) as Record<string, unknown>;
  return actionJsonSchema;
}

function pickPersona(persona: string | number): { persona: Persona; position: number } {
  const all = loadCustomerSimData().personas.personas;
  const position = typeof persona === "number" ? persona : all.findIndex((p) => p.id === persona);
  const found = all[position];
  if (!found)
    throw new SessionError(
      404,
      typeof persona === "number"
        ? `persona position ${persona}: there are ${all.length} personas (positions from 0)`
        : `no persona '${persona}' (ids such as lp-p001; see src/customersim/data/personas.json)`,
    );
  return { persona: found, position };
}

const usageOf = (calls: UsageLedger["calls"], formatErrors: number): AgentUsage => ({
  ...totalsOf(calls),
  formatErrors,
});

/** The salesperson, with its usage ledger when it is an LLM one. */
interface Sales {
  agent: SalesAgent;
  ledger?: UsageLedger;
}

const salesCalls = (sales: Sales): UsageLedger["calls"] => sales.ledger?.calls ?? [];

/** The outcome of a conversation that ran to its end. */
function finishedOutcome(
  result: ConversationResult,
  persona: Persona,
  calls: UsageLedger["calls"],
): CustomerSimOutcome {
  const decision = decisionAlignment({ ...result, acceptable: persona.acceptable });
  const errorsOf = (role: "shopper" | "sales") => result.formatErrors.filter((e) => e.role === role).length;
  const { transcript: _transcript, ...summary } = result;
  return {
    reason: result.ending,
    success: decision.da === 1,
    turns: result.rounds,
    recommendations: result.recommended.length,
    usage: { shopper: usageOf([], errorsOf("shopper")), sales: usageOf(calls, errorsOf("sales")) },
    result: summary,
    decision,
  };
}

/**
 * A CustomerSim conversation with the shopper played by the client: `runConversation` runs
 * unchanged, the salesperson is the reference, pushy or an LLM one, each completed round is
 * committed to the run store as `siturec customersim run` commits it, and the last step's reward is
 * UserGRPO's trajectory reward (its components in `info`).
 */
export class CustomerSimSession extends EnvSession<ShopperContext, ShopperReply> {
  private readonly chosen: { persona: Persona; position: number };
  private run: string | null = null;
  private result: ConversationResult | undefined;
  private stored: CustomerSimOutcome | undefined;
  private failure: string | undefined;
  private reward: TrajectoryReward | undefined;
  private readonly stats = { worldMs: 0, modelMs: 0 };
  private prompter: LlmShopper | undefined;
  private rounds = 0;

  constructor(
    id: string,
    readonly sim: CustomerSimSessionSpec,
    private readonly res: ServerResources,
    private readonly owner: string,
    imageBase: string,
  ) {
    super(id, sim, res.store.location, imageBase, res.clock);
    this.chosen = pickPersona(sim.persona);
    try {
      CUSTOMERSIM_AGENTS.resolve("sales", sim.sales);
    } catch (err) {
      const e = err as SiturecError;
      throw new SessionError(400, `sales: ${e.message}${e.hint ? ` (${e.hint})` : ""}`);
    }
  }

  get role(): string {
    return "shopper";
  }
  models(): string[] {
    return CUSTOMERSIM_AGENTS.isBuiltin("sales", this.sim.sales) ? [] : [this.sim.sales];
  }
  get runId(): string | null {
    return this.run;
  }
  get episode() {
    return { env: this.chosen.persona.category, taskId: this.chosen.persona.id };
  }
  get outcome(): Record<string, unknown> | null {
    if (this.stored) return { ...this.stored };
    return this.failure ? { reason: "error", error: this.failure } : null;
  }

  protected costs(): StepCosts {
    return { ...this.stats };
  }

  private sales(): Sales {
    if (this.sim.sales === "reference") return { agent: createReferenceSales() };
    if (this.sim.sales === "pushy") return { agent: createPushySales() };
    const llm = new LlmSales({
      model: this.sim.sales,
      client: this.res.client(),
      seed: this.sim.seed,
      ...resolveSampling(this.sim.sales),
    });
    const timed: SalesAgent = {
      id: llm.id,
      salesTurn: async (ctx) => {
        const t = performance.now();
        try {
          return await llm.salesTurn(ctx);
        } finally {
          this.stats.modelMs += performance.now() - t;
        }
      },
    };
    return { agent: timed, ledger: llm.usage };
  }

  protected async play(): Promise<void> {
    const attempt = `${this.owner}#${this.id}`;
    let header: CustomerSimHeader | undefined;
    const sales = this.sales();
    try {
      header = await this.openRun();
      const { persona, position } = this.chosen;
      if (!(await this.res.store.startEpisode(header, position, attempt)))
        throw new Error(`conversation ${persona.id} of ${header.runId} is already finished`);
      await this.converse(header, sales, attempt);
    } catch (err) {
      this.failure = shortMessage(err);
      if (header) await this.recordFailure(header, sales, attempt, this.failure);
    }
  }

  /** The run that stores this session's conversation (from the server's series), and the conversation's header. */
  private async openRun(): Promise<CustomerSimHeader> {
    const { persona } = this.chosen;
    const agents = { shopper: this.sim.agentId, sales: this.sim.sales };
    // Shaped like a `customersim run` config (what `siturec runs` reads), the session's spec beside it.
    const config = {
      benchmark: "customersim",
      shopper: this.sim.agentId,
      sales: this.sim.sales,
      steering: this.sim.steering,
      turnLimit: this.sim.turnLimit,
      seed: this.sim.seed,
      envServer: { ...this.sim, persona: undefined },
    };
    const parts = {
      benchmark: "customersim",
      config: { agents, turnLimit: this.sim.turnLimit, seed: this.sim.seed, steering: this.sim.steering },
      codeVersion: codeVersion(CUSTOMERSIM_PARTS),
      envServer: { controlled: "shopper" },
    };
    const { runId, identity } = await this.res.series.runFor(
      { benchmark: "customersim", config, parts, label: "customersim" },
      `${persona.category}/${persona.id}`,
    );
    this.run = runId;
    return {
      benchmark: "customersim",
      runId,
      identity,
      env: persona.category,
      task: { id: persona.id },
      agents,
      steering: this.sim.steering,
      turnLimit: this.sim.turnLimit,
      seed: this.sim.seed,
      codeVersion: codeVersion(CUSTOMERSIM_PARTS),
    };
  }

  /** Runs the conversation, committing each round as it completes, then the last with the outcome. */
  private async converse(header: CustomerSimHeader, sales: Sales, attempt: string): Promise<void> {
    const { store } = this.res;
    const { persona } = this.chosen;
    const roundOf = (transcript: readonly Turn[], round: number) =>
      storedRound(transcript, round, salesCalls(sales));
    let written = 0;
    const commit = async (transcript: readonly Turn[], upTo: number) => {
      for (; written < upTo; written++)
        await store.writeTurn(header, roundOf(transcript, written + 1), undefined, attempt);
    };
    const result = await runConversation({
      persona,
      shopper: {
        id: this.sim.agentId,
        shopperTurn: async (view) => {
          await commit(view.transcript, view.round - 1);
          this.rounds = view.round - 1;
          return this.decisions.ask(view);
        },
      },
      sales: sales.agent,
      turnLimit: this.sim.turnLimit,
      store: defaultChatStore(),
    });
    await commit(result.transcript, result.rounds - 1);
    const outcome = finishedOutcome(result, persona, salesCalls(sales));
    this.reward = await trajectoryReward(result, {
      persona,
      ...(this.sim.reward ? { config: this.sim.reward } : {}),
    });
    await store.writeTurn(header, roundOf(result.transcript, result.rounds), outcome, attempt);
    this.result = result;
    this.stored = outcome;
  }

  /** Stores the conversation as failed (if that fails too, the first failure is the one reported). */
  private async recordFailure(
    header: CustomerSimHeader,
    sales: Sales,
    attempt: string,
    error: string,
  ): Promise<void> {
    const outcome: CustomerSimOutcome = {
      reason: "error",
      success: false,
      turns: this.rounds,
      recommendations: 0,
      error,
      usage: { shopper: usageOf([], 0), sales: usageOf(salesCalls(sales), 0) },
      result: null,
      decision: null,
    };
    this.stored = outcome;
    await this.res.store.failEpisode(header, outcome, attempt).catch(() => {});
  }

  protected async observation(ctx: ShopperContext): Promise<Observation> {
    this.prompter ??= new LlmShopper({
      model: this.sim.agentId,
      client: this.res.client(),
      seed: this.sim.seed,
      steering: this.sim.steering,
    });
    const publish = imagePublisher(this.sim.images, (png) => this.serveImage(png));
    return {
      env: "customersim",
      role: "shopper",
      turn: ctx.round,
      messages: chatMessages(await this.prompter.request(ctx), publish),
      actionSchema: customerSimActionSchema(),
      tools: chatTools(SHOPPER_TOOL_SPECS),
      context: {
        category: ctx.category,
        round: ctx.round,
        turnLimit: ctx.turnLimit,
        persona: ctx.persona,
        // What the salesperson thought is not the shopper's to read.
        transcript: ctx.transcript.map((t) => (t.role === "sales" ? { ...t, reasoning: undefined } : t)),
      },
    };
  }

  protected decision(_ctx: ShopperContext, action: StepRequest["action"]): ShopperReply {
    if (typeof action === "string") {
      // A model's raw reply, read as the LLM shopper reads its own (reasoning stripped, textual tool calls).
      const read = readReplyText(action);
      if (read.text.length > MAX_UTTERANCE_CHARS)
        throw new SessionError(
          422,
          `action: what the shopper says is over ${MAX_UTTERANCE_CHARS} characters`,
        );
      return {
        text: read.text,
        ...(read.textToolCalls.length ? { toolCalls: read.textToolCalls } : {}),
        ...(read.reasoning ? { reasoning: read.reasoning } : {}),
      };
    }
    if ("utterance" in action || "assistant_actions" in action)
      throw new SessionError(
        422,
        "this is a SituRecBench action; a CustomerSim shopper's action is {text, tool_calls?}",
      );
    const parsed = CustomerSimAction.safeParse(action);
    if (!parsed.success)
      throw new SessionError(
        422,
        `action: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
      );
    const read = readReplyText(parsed.data.text);
    const toolCalls = [...(parsed.data.tool_calls ?? []), ...read.textToolCalls];
    return {
      text: read.text,
      ...(toolCalls.length ? { toolCalls } : {}),
      ...(read.reasoning ? { reasoning: read.reasoning } : {}),
    };
  }

  protected async settle(ended: boolean): Promise<Settled> {
    const last = this.result?.transcript.at(-1);
    const info: Record<string, unknown> = {};
    if (ended) {
      info.outcome = this.outcome;
      info.runId = this.run;
      if (this.reward) info.reward = this.reward;
      const error =
        this.failure ??
        (this.stored?.reason === "error" ? (this.stored.error ?? "the conversation failed") : undefined);
      if (error) info.error = error;
    }
    if (last && ended) info.formatErrors = last.formatErrors;
    const reason = this.stored?.reason;
    return {
      reward: ended && this.reward ? this.reward.reward : 0,
      terminated: ended && (reason === "purchase" || reason === "end_conversation"),
      truncated: ended && (reason === "turn_limit" || reason === "error" || reason === undefined),
      info,
    };
  }
}
