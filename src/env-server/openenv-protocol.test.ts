import { describe, expect, it } from "vitest";
import {
  OpenEnvResult,
  OpenEnvState,
  openEnvSchemas,
  resetSpec,
  stepOf,
  stepResult,
} from "./openenv-protocol.js";
import { SessionError } from "./session-error.js";

const obs = {
  env: "customersim" as const,
  role: "shopper",
  turn: 1,
  messages: [],
  actionSchema: {},
  context: {},
};

describe("OpenEnv's protocol", () => {
  it("maps a step to OpenEnv's {observation, reward, done}, the split and the failure in the metadata", () => {
    const going = stepResult({ observation: obs, reward: 0, terminated: false, truncated: false, info: {} });
    expect(going).toMatchObject({ reward: 0, done: false, observation: { role: "shopper" } });
    expect(OpenEnvResult.parse(going)).toEqual(going);
    const cut = stepResult({ observation: null, reward: 0.2, terminated: false, truncated: true, info: {} });
    expect(cut).toEqual({
      observation: { metadata: { terminated: false, truncated: true, error: null, info: {} } },
      reward: 0.2,
      done: true,
    });
    const failed = stepResult({
      observation: null,
      reward: 0,
      terminated: false,
      truncated: true,
      info: { error: "the model failed" },
    });
    expect(failed.observation.metadata).toMatchObject({ truncated: true, error: "the model failed" });
    expect(OpenEnvResult.parse(failed)).toEqual(failed);
  });

  it("reads a reset's data over the defaults, for the defaults' env only", () => {
    const defaults = { env: "customersim", images: "none", turnLimit: 4 };
    const { spec, episodeId } = resetSpec({ persona: 2, seed: 9, episode_id: "e" }, defaults);
    expect(spec).toMatchObject({ env: "customersim", persona: 2, seed: 9, images: "none", turnLimit: 4 });
    expect(episodeId).toBe("e");
    expect(resetSpec({ env: "situ-rec" }, defaults).spec).toMatchObject({
      env: "situ-rec",
      images: "data-url",
    });
    expect(resetSpec({}, {}).spec.env).toBe("situ-rec");
    expect(() => resetSpec({ seed: -1 }, defaults)).toThrow(/data\.seed/);
    expect(() => resetSpec({ episode_id: 5 }, defaults)).toThrow(SessionError);
  });

  it("takes a step's data as the action, or as {action, role?}", () => {
    expect(stepOf({ text: "hi" })).toEqual({ action: { text: "hi" } });
    expect(stepOf({ action: "raw reply", role: "shopper" })).toEqual({
      action: "raw reply",
      role: "shopper",
    });
    expect(() => stepOf({ action: 5 })).toThrow(/data\.action/);
  });

  it("publishes JSON Schemas of the action, the observation and the state", () => {
    const s = openEnvSchemas();
    expect(JSON.stringify(s.action)).toContain("tool_calls");
    expect(JSON.stringify(s.observation)).toContain("truncated");
    expect(JSON.stringify(s.state)).toContain("step_count");
    expect(OpenEnvState.parse({ episode_id: null, step_count: 0 })).toBeTruthy();
  });
});
