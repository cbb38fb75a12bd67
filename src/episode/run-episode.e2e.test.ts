import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { ReferenceAssistant } from "../agents/reference/reference-assistant.js";
import { RuleModerator } from "../agents/rule-moderator/rule-moderator.js";
import { RuleShopper } from "../agents/rule-shopper/rule-shopper.js";
import type { ToolCall } from "../core/dialogue.js";
import type { EnvId } from "../core/manifest.js";
import type { Task } from "../core/task.js";
import { envDefinition } from "../envs/registry.js";
import { RenderService } from "../render/render-service.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { hashOnlyImages } from "../trajectory/image-sink.js";
import { type EpisodeHeader, Trajectory } from "../trajectory/trajectory.js";
import { findProduct, frontShelfTask, goTo, type Trace } from "../world/testing/navigate.js";
import { World } from "../world/world.js";
import { runEpisode } from "./run-episode.js";
import { finalTermination, runtimeTermination } from "./termination.js";
import { ScriptedAssistant, ScriptedModerator, ScriptedShopper } from "./testing/scripted-policies.js";

let render: RenderService;
beforeAll(async () => {
  render = await RenderService.start({ width: 480, height: 360, poolSize: 1 });
});
afterAll(async () => {
  await render?.close();
});

function header(env: EnvId, task: Task, maxTurns = 20): EpisodeHeader {
  const bank = loadTaskBank(env);
  return {
    runId: "test",
    identity: "test",
    env,
    condition: "full",
    maxTurns,
    seed: 1,
    agents: { assistant: "scripted", user: "scripted", moderator: "scripted" },
    promptHash: builtinPrompts().hash,
    codeVersion: "test",
    render: { width: 480, height: 360 },
    task,
    profile: bank.profiles.find((p) => p.id === task.profileId)!,
  };
}

const smTask = loadTaskBank("supermarket").tasks[0]!;
const idle: ToolCall = { name: "idle", arguments: {} };

async function episode(opts: {
  shopper: (turn: number) => ToolCall;
  recommendOn?: (turn: number) => boolean;
  moderatorStopsAt?: number;
  task?: Task;
  maxTurns?: number;
}) {
  const k = await StoreKnowledge.load("supermarket");
  const moderator = new ScriptedModerator(opts.moderatorStopsAt);
  const t = await runEpisode({
    header: header("supermarket", opts.task ?? smTask, opts.maxTurns),
    world: await World.create("supermarket", render),
    knowledge: k,
    agents: {
      assistant: new ScriptedAssistant((turn) =>
        opts.recommendOn?.(turn)
          ? { type: "Recommend", display_name: "Oat milk", visible_now: true, reason: "fits" }
          : { type: "AskPreference" },
      ),
      shopper: new ScriptedShopper((ctx) => opts.shopper(ctx.turn)),
      moderator,
    },
    images: hashOnlyImages,
  });
  return { t, moderator };
}

describe("termination rules, in precedence order", () => {
  it("the runtime checks order: cart > turn limit > recommendation exhaustion; then moderator > motion stall", () => {
    const base = { turn: 19, maxTurns: 20, addedToCart: true, recommendations: 3, stalled: true };
    expect(runtimeTermination(base)).toBe("success_cart_added");
    expect(runtimeTermination({ ...base, addedToCart: false })).toBe("turn_limit");
    expect(runtimeTermination({ ...base, addedToCart: false, turn: 5 })).toBe("recommendation_exhausted");
    expect(runtimeTermination({ ...base, addedToCart: false, turn: 5, recommendations: 2 })).toBeUndefined();
    expect(finalTermination(true, true)).toBe("moderator_stop");
    expect(finalTermination(false, true)).toBe("motion_stall");
    expect(finalTermination(false, false)).toBeUndefined();
  });

  it("a cart addition on turn 20 is a success, not a turn limit", async () => {
    const { task, product, fixture } = frontShelfTask();
    // Find the way once in a separate world, then replay it so the purchase lands on the last turn.
    const scout = await World.create("supermarket", render);
    await scout.reset();
    const trace: Trace = { calls: [] };
    expect(await goTo(scout, trace, fixture, "front")).toBe(true);
    const handle = await findProduct(scout, trace, product, envDefinition("supermarket").inspection.reachM);
    expect(handle).toBeDefined();
    const calls: ToolCall[] = [
      ...trace.calls.map((c) => ({ name: c.name, arguments: c.arguments })),
      { name: "pick_up_item", arguments: { target: handle! } },
      { name: "add_to_cart", arguments: {} },
    ];
    expect(calls.length).toBeLessThanOrEqual(20);
    const script = [...Array<ToolCall>(20 - calls.length).fill(idle), ...calls];
    const { t } = await episode({ task, shopper: (turn) => script[turn]! });
    expect(t.turns).toHaveLength(20);
    expect(t.outcome).toMatchObject({
      reason: "success_cart_added",
      success: true,
      purchased: product,
      turns: 20,
    });
    expect(t.turns[19]!.termination).toMatchObject({
      ended: true,
      reason: "success_cart_added",
      moderator: null,
    });
  });

  it("the third Recommend ends the episode only after the shopper's response and action", async () => {
    const { t, moderator } = await episode({
      recommendOn: (turn) => turn !== 1,
      shopper: () => ({ name: "turn", arguments: { direction: "left", angle: 30 } }),
    });
    // Recommendations on turns 0, 2 and 3 (non-consecutive); the third one's turn still executes the shopper's action.
    expect(t.outcome.reason).toBe("recommendation_exhausted");
    expect(t.turns).toHaveLength(4);
    const last = t.turns[3]!;
    expect(last.execution).toMatchObject({ tool: "turn", success: true });
    expect(last.state.pose.yaw).not.toBe(t.turns[2]!.state.pose.yaw);
    expect(last.termination).toMatchObject({
      recommendations: 3,
      moderator: null,
      reason: "recommendation_exhausted",
    });
    expect(moderator.asked).toBe(3);
  });

  it("a motion stall after exactly three negligible moves, unless the moderator stops first", async () => {
    const back = (turn: number): ToolCall => ({
      name: "move_backward",
      arguments: { distance: turn === 0 ? 20 : 1 },
    });
    const { t } = await episode({ shopper: back });
    expect(t.outcome.reason).toBe("motion_stall");
    expect(t.turns[0]!.execution.displacement).toBeGreaterThan(0.05);
    expect(t.turns).toHaveLength(4);
    expect(t.turns.slice(1).map((r) => r.execution.displacement < 0.05)).toEqual([true, true, true]);
    expect(t.turns.slice(1).map((r) => r.execution.stalled)).toEqual([false, false, true]);
    const both = await episode({ shopper: back, moderatorStopsAt: 4 });
    expect(both.t.outcome.reason).toBe("moderator_stop");
  });

  it("an illegal shopper action is recorded and the episode goes on", async () => {
    const script: ToolCall[] = [
      { name: "fly", arguments: {} },
      { name: "pick_up_item", arguments: { target: "999" } },
      idle,
    ];
    const { t } = await episode({ shopper: (turn) => script[turn]!, moderatorStopsAt: 3 });
    expect(t.turns).toHaveLength(3);
    expect(t.turns[0]!.execution).toMatchObject({ tool: null, success: false });
    expect(t.turns[0]!.execution.error).toMatch(/unknown tool 'fly'/);
    expect(t.turns[1]!.execution).toMatchObject({ tool: "pick_up_item", success: false });
    expect(t.turns[1]!.execution.error).toBeDefined();
    expect(t.outcome.reason).toBe("moderator_stop");
  });
});

describe("trajectories", () => {
  it("the same seed and agents give byte-identical, schema-valid trajectories", async () => {
    const run = async (env: EnvId) => {
      const k = await StoreKnowledge.load(env);
      const task = loadTaskBank(env).tasks[2]!;
      return runEpisode({
        header: header(env, task),
        world: await World.create(env, render),
        knowledge: k,
        agents: {
          assistant: new ReferenceAssistant(k),
          shopper: new RuleShopper(k, task, 1),
          moderator: new RuleModerator(),
        },
        images: hashOnlyImages,
      });
    };
    for (const env of ["supermarket", "home-furnishings"] as const) {
      const a = await run(env);
      const b = await run(env);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      expect(Trajectory.safeParse(a).success).toBe(true);
      expect(a.turns[0]!.observations.assistant.image).toMatch(/^[0-9a-f]{64}$/);
      expect(a.turns[0]!.assistant.output.ranking.length).toBeGreaterThan(0);
    }
  });
});
