import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { EnvId } from "../core/manifest.js";
import { validateLeniently } from "../llm/structured.js";
import { legalTools } from "../world/tools.js";
import { assistantOutputSchema, ShopperOutput, shopperOutputSchema } from "./types.js";

const turn = (expected: string, act: Record<string, unknown> = { type: "Greet" }) => ({
  utterance: "Hi!",
  assistant_actions: [act],
  expected_user_action: { name: expected, arguments: {} },
  ranking: [],
  tool_calls: [],
});
const call = (name: string) => ({ utterance: "ok", tool_call: { name, arguments: {} } });
const errorOf = (v: unknown, schema: z.ZodType) => {
  const r = validateLeniently(v, schema);
  return r.ok ? undefined : r.error;
};

interface JsonNode {
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  anyOf?: JsonNode[];
  enum?: string[];
  description?: string;
}
const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input" }) as JsonNode;
const navigateBranch = (env: EnvId) =>
  jsonSchema(assistantOutputSchema(env)).properties!.assistant_actions!.items!.anyOf!.find(
    (b) => b.properties?.navigation_goal,
  )!.properties!;

describe("per-store output schemas", () => {
  it("the assistant's expected user action is one of the store's tools; an invented one names the legal ones", () => {
    expect(assistantOutputSchema("supermarket").safeParse(turn("move_to_fixture")).success).toBe(true);
    expect(assistantOutputSchema("supermarket").safeParse(turn("move_to_store")).success).toBe(false);
    expect(assistantOutputSchema("home-furnishings").safeParse(turn("move_to_store")).success).toBe(true);
    expect(assistantOutputSchema("home-furnishings").safeParse(turn("pick_up_item")).success).toBe(false);
    const error = errorOf(turn("walk_to"), assistantOutputSchema("supermarket"));
    expect(error).toMatch(/^expected_user_action\.name: Invalid option: expected one of /);
    for (const tool of legalTools("supermarket")) expect(error).toContain(`"${tool}"`);
  });

  it("the shopper's call is one of the store's tools; the store-agnostic schema takes any name", () => {
    for (const env of ["supermarket", "home-furnishings"] as const) {
      for (const tool of legalTools(env))
        expect(shopperOutputSchema(env).safeParse(call(tool)).success).toBe(true);
    }
    expect(shopperOutputSchema("supermarket").safeParse(call("check_item")).success).toBe(false);
    const error = errorOf(call("teleport"), shopperOutputSchema("home-furnishings"));
    expect(error).toContain('tool_call.name: Invalid option: expected one of "move_forward"');
    expect(error).toContain('"do_not_add_to_cart"');
    expect(ShopperOutput.safeParse(call("teleport")).success).toBe(true);
  });

  it("the furniture store's target_approach is one of its three approaches", () => {
    const nav = { type: "Navigate", navigation_goal: "3", reason: "the lamps", next_waypoint: "2" };
    const schema = assistantOutputSchema("home-furnishings");
    for (const approach of ["outside_doorway", "inside_doorway", "area_point"])
      expect(schema.safeParse(turn("idle", { ...nav, target_approach: approach })).success).toBe(true);
    expect(errorOf(turn("idle", { ...nav, target_approach: "front" }), schema)).toBe(
      'assistant_actions.0.target_approach: Invalid option: expected one of "outside_doorway"|"inside_doorway"|"area_point"',
    );
  });

  it("the JSON schemas sent to models carry the enums and describe the goal as each store's prompt does", () => {
    for (const env of ["supermarket", "home-furnishings"] as const) {
      const assistant = jsonSchema(assistantOutputSchema(env));
      expect(assistant.properties!.expected_user_action!.properties!.name!.enum).toEqual(legalTools(env));
      const shopper = jsonSchema(shopperOutputSchema(env));
      expect(shopper.properties!.tool_call!.properties!.name!.enum).toEqual(legalTools(env));
    }
    const hf = navigateBranch("home-furnishings");
    expect(hf.target_approach!.enum).toEqual(["outside_doorway", "inside_doorway", "area_point"]);
    expect(hf.navigation_goal!.description).toMatch(/store or area handle/);
    expect(hf.next_waypoint!.description).toMatch(/store or area handle/);
    expect(navigateBranch("supermarket").navigation_goal!.description).toMatch(/fixture handle/);
  });
});
