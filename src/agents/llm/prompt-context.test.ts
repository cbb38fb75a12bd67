import { describe, expect, it } from "vitest";
import type { Profile } from "../../core/profile.js";
import { envIds } from "../../envs/registry.js";
import { LlmClient } from "../../llm/client.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { builtinPrompts } from "../prompts/prompt-set.js";
import type { AssistantContext, ShopperContext } from "../types.js";
import { LlmAssistant } from "./llm-assistant.js";
import { LlmShopper } from "./llm-shopper.js";
import { compassBearing, personaText, poseText } from "./prompt-context.js";

const pose = (yaw: number) => ({ pose: { x: 3, z: 4.25, yaw, pitch: 0 }, held: null, cart: [] });
const options = { model: "openai:test", client: new LlmClient({ noCache: true }), prompts: builtinPrompts() };

describe("the shopper's pose as the assistant reads it", () => {
  it.each([
    [0, "north", 0],
    [90, "west", 270],
    [-90, "east", 90],
    [270, "east", 90],
    [180, "south", 180],
    [30, "northwest", 330],
    [20, "north", 340],
    [45, "northwest", 315],
    [-135, "southeast", 135],
    [360, "north", 0],
  ])("yaw %d° (counter-clockwise) faces %s, bearing %d°", (yaw, name, bearing) => {
    expect(compassBearing(yaw)).toBe(bearing);
    expect(poseText(pose(yaw))).toBe(
      `x=3.0 m east, z=4.3 m south of the map's top-left corner, facing ${name} (bearing ${bearing}° clockwise from north, which is up on the map)`,
    );
  });

  it.each(envIds())("reaches the %s assistant's turn request", async (env) => {
    const k = await StoreKnowledge.load(env);
    const ctx = {
      env,
      condition: "no-evv",
      turn: 3,
      maxTurns: 20,
      history: [],
      observation: { caption: "Visible products: none", image: Buffer.alloc(0) },
      minimap: Buffer.alloc(0),
      shared: pose(90),
      views: [],
    } as unknown as AssistantContext;
    const request = new LlmAssistant(k, "no-evv", options).request(ctx);
    expect(JSON.stringify(request.messages)).toContain("facing west (bearing 270°");
  });
});

/** Every leaf of a profile, as [path, value]. */
function leaves(value: unknown, path = ""): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, String(value)]];
}

describe("the shopper's profile in its prompt", () => {
  const profiles = envIds().flatMap((env) => loadTaskBank(env).profiles);
  // Identifiers the shopper does not need to play itself: its id, its store, its archetype's slug
  // (the persona's name says it), and the facet keys of its hard rules (their values are there).
  const internal = /^(id|env|persona\.role|persona\.constraints\.(requires|avoids)\[\d+\]\.facet)$/;
  const prose = (v: string) => v.replace(/(?<=[a-z])-(?=[a-z])/g, " ");

  it.each(profiles.map((p) => [p.id, p] as [string, Profile]))(
    "%s: every field reaches the prompt",
    async (_id, profile) => {
      const text = personaText(profile);
      const missing = leaves(profile)
        .filter(([path]) => !internal.test(path))
        .filter(([, value]) => !text.includes(value) && !text.includes(prose(value)))
        .map(([path, value]) => `${path}=${value}`);
      expect(missing).toEqual([]);
    },
  );

  it("including the hard rules, and through the shopper's system prompt", async () => {
    const profile = profiles.find((p) => p.persona.constraints.avoids.length)!;
    expect(personaText(profile)).toMatch(/Hard rules for everything you buy: .*never allergen peanut/);
    const env = profile.env;
    const task = loadTaskBank(env).tasks.find((t) => t.profileId === profile.id)!;
    const shopper = new LlmShopper(await StoreKnowledge.load(env), options);
    const system = shopper.systemPrompt({ profile, task, minimap: Buffer.alloc(0) } as ShopperContext);
    expect(system).toContain(profile.demographics.occupation);
    expect(system).toContain(`storage at home: ${profile.demographics.storage}`);
  });
});
