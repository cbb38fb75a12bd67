import { describe, expect, it } from "vitest";
import { AgentIdError, builtinRoles, type PolicyOptions, RoleRegistry } from "./role-registry.js";
import type { ModeratorPolicy } from "./types.js";

const quiet: ModeratorPolicy = {
  id: "quiet",
  decide: async () => ({ output: { decision: "no" }, calls: [] }),
};

describe("the role registry", () => {
  it("knows the built-in policy of each role and refuses one role's name for another", () => {
    const roles = builtinRoles();
    expect(roles.names("assistant")).toEqual([
      "reference",
      "reference-random-ranking",
      "reference-no-guidance",
      "reference-blind",
    ]);
    expect(roles.names("shopper")).toEqual(["rule"]);
    expect(roles.resolve("assistant", "reference").id).toBe("reference");
    expect(() => roles.resolve("assistant", "rule")).toThrow(
      "agents.assistant: 'rule' is a shopper, not an assistant; assistants are 'reference', 'reference-random-ranking', 'reference-no-guidance', 'reference-blind', a model id such as openai:gpt-4o",
    );
    expect(() => roles.resolve("shopper", "reference")).toThrow(/'reference' is an assistant, not a shopper/);
    expect(() => roles.resolve("moderator", "nobody")).toThrow(/no moderator is named 'nobody'/);
  });

  it("plays any role by model id, and refuses a malformed one naming the config field", () => {
    const roles = builtinRoles();
    const shopper = roles.resolve("shopper", "openai:gpt-4o-mini");
    expect(shopper.id).toBe("openai:gpt-4o-mini");
    expect(shopper.needs?.minimap).toBe(true);
    expect(roles.resolve("moderator", "openai:gpt-4o-mini").needs?.minimap).toBeUndefined();
    const err = (() => {
      try {
        roles.resolve("shopper", "acme:model");
      } catch (e) {
        return e as AgentIdError;
      }
    })();
    expect(err).toBeInstanceOf(AgentIdError);
    expect(err?.message).toMatch(/^agents\.shopper: unknown provider 'acme'/);
    expect(err?.field).toBe("agents.shopper");
    expect(err?.exitCode).toBe(2);
  });

  it("takes your own policies with what they need, and refuses a duplicate or a model-like name", () => {
    const roles = new RoleRegistry().register("moderator", "quiet", { create: () => quiet });
    expect(roles.resolve("moderator", "quiet").create({} as PolicyOptions)).toBe(quiet);
    expect(() => roles.register("moderator", "quiet", { create: () => quiet })).toThrow(
      "there is already a moderator named 'quiet'; pick another id",
    );
    expect(() => roles.register("moderator", "my:policy", { create: () => quiet })).toThrow(
      /cannot contain ':'/,
    );
    // A clone is independent of the registry it came from.
    roles.clone().register("moderator", "other", { create: () => quiet });
    expect(roles.names("moderator")).toEqual(["quiet"]);
  });
});
