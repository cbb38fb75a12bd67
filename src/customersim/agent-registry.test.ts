import { describe, expect, it } from "vitest";
import { LlmClient } from "../llm/client.js";
import { builtinCustomerSimAgents, CustomerSimAgentError } from "./agent-registry.js";
import { LlmSales } from "./llm-agents/llm-sales.js";
import { LlmShopper } from "./llm-agents/llm-shopper.js";

const agents = builtinCustomerSimAgents();

describe("CustomerSim's agents by id", () => {
  it("are the built-in ones of each role, or a model", () => {
    expect(agents.builtins("shopper")).toEqual(["rule", "walk-out", "buy-first"]);
    expect(agents.builtins("sales")).toEqual(["reference", "pushy"]);
    expect(agents.resolve("shopper", "rule")).toMatchObject({ id: "rule", builtin: true });
    expect(agents.resolve("sales", "pushy")).toMatchObject({ id: "pushy", builtin: true });
    const model = agents.resolve("shopper", "openai:gpt-4o");
    expect(model).toMatchObject({ id: "openai:gpt-4o", builtin: false });
    const client = new LlmClient({ noCache: true });
    const made = model.create({ client, seed: 0, steering: "human" });
    expect(made.agent).toBeInstanceOf(LlmShopper);
    expect(made.agent.id).toBe("openai:gpt-4o+human-steering");
    expect(made.usage).toBeDefined();
    expect(
      agents.resolve("sales", "anthropic:claude-sonnet-4-5").create({ client, seed: 0 }).agent,
    ).toBeInstanceOf(LlmSales);
    // A built-in agent calls no model: it has no ledger.
    expect(agents.resolve("sales", "reference").create({ seed: 0 }).usage).toBeUndefined();
  });

  it("refuse an id of the other role, saying whose it is, an unknown one, and a malformed model id", () => {
    const refusal = (role: "shopper" | "sales", id: string) => {
      try {
        agents.resolve(role, id);
      } catch (err) {
        expect(err).toBeInstanceOf(CustomerSimAgentError);
        const e = err as CustomerSimAgentError;
        return { message: e.message, hint: e.hint, exitCode: e.exitCode };
      }
      throw new Error(`${role} ${id} was accepted`);
    };
    expect(refusal("shopper", "reference")).toEqual({
      message: "'reference' is a salesperson, not a shopper",
      hint: "the shopper is one of: rule, walk-out, buy-first, a model id such as openai:gpt-4o",
      exitCode: 2,
    });
    expect(refusal("sales", "rule").message).toBe("'rule' is a shopper, not a salesperson");
    expect(refusal("sales", "friendly")).toMatchObject({
      message: "no salesperson 'friendly'",
      hint: "the salesperson is one of: reference, pushy, a model id such as openai:gpt-4o",
    });
    expect(refusal("shopper", "acme:x").message).toMatch(/^shopper 'acme:x': unknown provider 'acme'/);
    expect(() =>
      builtinCustomerSimAgents().register("sales", "my:agent", { create: () => ({ agent: null! }) }),
    ).toThrow(/cannot contain ':'/);
  });

  it("a model agent without the run's client is refused when made, not when named", () => {
    expect(() => agents.resolve("sales", "openai:gpt-4o").create({ seed: 0 })).toThrow(
      /needs the run's model client/,
    );
  });
});
