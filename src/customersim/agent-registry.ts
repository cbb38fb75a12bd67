import { SiturecError } from "../core/errors.js";
import type { LlmClient } from "../llm/client.js";
import { parseModelId } from "../llm/model-id.js";
import { createBuyFirstShopper, createWalkOutShopper } from "./builtin-agents/floor-shoppers.js";
import { createPushySales } from "./builtin-agents/pushy-sales.js";
import { createReferenceSales } from "./builtin-agents/reference-sales.js";
import { createRuleShopper } from "./builtin-agents/rule-shopper.js";
import type { SalesAgent, ShopperAgent } from "./chat/agent.js";
import { LlmSales } from "./llm-agents/llm-sales.js";
import { LlmShopper } from "./llm-agents/llm-shopper.js";
import { resolveSampling, type Sampling } from "./llm-agents/sampling.js";
import type { UsageLedger } from "./llm-agents/usage.js";

/** CustomerSim's two roles: the shopper under test and the salesperson it talks to. */
export type CustomerSimRole = "shopper" | "sales";

const ROLE_NAME: Record<CustomerSimRole, string> = { shopper: "shopper", sales: "salesperson" };

/** The agent type of each role. */
export interface CustomerSimAgentOf {
  shopper: ShopperAgent;
  sales: SalesAgent;
}

/** What every CustomerSim agent is made with, one fresh agent per conversation. */
export interface CustomerSimAgentOptions {
  /** The run's model client (needed by model-backed agents only). */
  client?: LlmClient;
  /** The conversation's seed (the run's, or a sample's derived from it). */
  seed: number;
  /**
   * This role's sampling, in place of its provider's defaults (`resolveSampling`); built-in agents,
   * which sample nothing, ignore it.
   */
  sampling?: Sampling;
  /** A model shopper's steering: `human` adds the human-likeness guidance (the paper's Table 3). */
  steering?: "none" | "human";
}

/** An agent made for a conversation, and the ledger of the model calls it makes (model agents). */
export interface MadeCustomerSimAgent<R extends CustomerSimRole> {
  agent: CustomerSimAgentOf[R];
  usage?: UsageLedger;
}

/** How to make one named agent of a role. */
export interface CustomerSimAgentEntry<R extends CustomerSimRole> {
  create(opts: CustomerSimAgentOptions): MadeCustomerSimAgent<R>;
}

/** A role's agent as an id resolves: built in (no model call) or model-backed. */
export interface ResolvedCustomerSimAgent<R extends CustomerSimRole> extends CustomerSimAgentEntry<R> {
  id: string;
  builtin: boolean;
}

/** An id that names no agent of the role: unknown, a malformed model id, or the other role's agent. */
export class CustomerSimAgentError extends SiturecError {
  override readonly name = "CustomerSimAgentError";
}

/** A model id: provider and model (`openai:gpt-4o`), checked by the model layer. */
const looksLikeModelId = (id: string) => id.includes(":");

/** The model-backed agent of each role. */
const MODEL: { [R in CustomerSimRole]: (model: string) => CustomerSimAgentEntry<R> } = {
  shopper: (model) => ({
    create: (o) => {
      const agent = new LlmShopper({
        model,
        client: requireClient(o, model),
        seed: o.seed,
        steering: o.steering,
        ...resolveSampling(model, o.sampling),
      });
      return { agent, usage: agent.usage };
    },
  }),
  sales: (model) => ({
    create: (o) => {
      const agent = new LlmSales({
        model,
        client: requireClient(o, model),
        seed: o.seed,
        ...resolveSampling(model, o.sampling),
      });
      return { agent, usage: agent.usage };
    },
  }),
};

function requireClient(o: CustomerSimAgentOptions, model: string): LlmClient {
  if (!o.client) throw new CustomerSimAgentError(`${model} is a model: it needs the run's model client`);
  return o.client;
}

/**
 * The agents CustomerSim's roles can be played by, by id: the built-in ones registered here, and any
 * model id (an LLM agent). An id registered for the other role is refused, saying whose it is, as
 * SituRecBench's role registry does.
 */
export class CustomerSimAgents {
  private readonly entries: { [R in CustomerSimRole]: Map<string, CustomerSimAgentEntry<R>> } = {
    shopper: new Map(),
    sales: new Map(),
  };

  register<R extends CustomerSimRole>(role: R, id: string, entry: CustomerSimAgentEntry<R>): this {
    if (looksLikeModelId(id))
      throw new CustomerSimAgentError(
        `an agent name cannot contain ':' ('${id}'): that is how model ids are written`,
      );
    (this.entries[role] as Map<string, CustomerSimAgentEntry<R>>).set(id, entry);
    return this;
  }

  /** The built-in ids of a role, in the order they were registered. */
  builtins(role: CustomerSimRole): string[] {
    return [...this.entries[role].keys()];
  }

  /** Whether an id is a built-in agent of the role (one that calls no model). */
  isBuiltin(role: CustomerSimRole, id: string): boolean {
    return this.entries[role].has(id);
  }

  /** The role's agent an id names, or a CustomerSimAgentError saying what the role takes. */
  resolve<R extends CustomerSimRole>(role: R, id: string): ResolvedCustomerSimAgent<R> {
    const own = this.entries[role].get(id) as CustomerSimAgentEntry<R> | undefined;
    if (own) return { id, builtin: true, create: own.create };
    if (looksLikeModelId(id)) {
      try {
        parseModelId(id);
      } catch (err) {
        throw new CustomerSimAgentError(`${ROLE_NAME[role]} '${id}': ${(err as Error).message}`, {
          exitCode: 2,
        });
      }
      return { id, builtin: false, create: MODEL[role](id).create };
    }
    const other: CustomerSimRole = role === "shopper" ? "sales" : "shopper";
    const takes = `${[...this.builtins(role), "a model id such as openai:gpt-4o"].join(", ")}`;
    if (this.entries[other].has(id))
      throw new CustomerSimAgentError(`'${id}' is a ${ROLE_NAME[other]}, not a ${ROLE_NAME[role]}`, {
        exitCode: 2,
        hint: `the ${ROLE_NAME[role]} is one of: ${takes}`,
      });
    throw new CustomerSimAgentError(`no ${ROLE_NAME[role]} '${id}'`, {
      exitCode: 2,
      hint: `the ${ROLE_NAME[role]} is one of: ${takes}`,
    });
  }
}

/** CustomerSim's built-in agents: the rule-based shopper, and the reference and pushy salespeople. */
export function builtinCustomerSimAgents(): CustomerSimAgents {
  return new CustomerSimAgents()
    .register("shopper", "rule", { create: () => ({ agent: createRuleShopper() }) })
    .register("shopper", "walk-out", { create: () => ({ agent: createWalkOutShopper() }) })
    .register("shopper", "buy-first", { create: () => ({ agent: createBuyFirstShopper() }) })
    .register("sales", "reference", { create: () => ({ agent: createReferenceSales() }) })
    .register("sales", "pushy", { create: () => ({ agent: createPushySales() }) });
}
