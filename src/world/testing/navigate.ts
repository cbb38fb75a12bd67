import type { Task } from "../../core/task.js";
import { loadEnvData } from "../../envs/env-data.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import type { StepResult, World } from "../world.js";
import { visibleNow } from "../world.js";

/** A tool call and what came of it, for test diagnostics. */
export interface Trace {
  calls: { name: string; arguments: Record<string, unknown>; success: boolean; error?: string }[];
}

async function call(
  world: World,
  trace: Trace,
  name: string,
  args: Record<string, unknown>,
): Promise<StepResult> {
  const r = await world.step({ name, arguments: args });
  trace.calls.push({ name, arguments: args, success: r.success, ...(r.error ? { error: r.error } : {}) });
  return r;
}

/** The shopper's handle for a target in the current view, if it is visible. */
export function handleOfTarget(world: World, targetId: string): string | undefined {
  return Object.entries(visibleNow(world.observation).targets).find(([, t]) => t.target === targetId)?.[0];
}

export function handleOfProduct(world: World, productId: string): string | undefined {
  return Object.entries(visibleNow(world.observation).products).find(([, p]) => p.product === productId)?.[0];
}

/** Turns in 45° steps until the target is in view; returns its handle. */
export async function lookFor(world: World, trace: Trace, targetId: string): Promise<string | undefined> {
  for (let i = 0; i < 8; i++) {
    const handle = handleOfTarget(world, targetId);
    if (handle) return handle;
    await call(world, trace, "turn", { direction: "right", angle: 45 });
  }
  return handleOfTarget(world, targetId);
}

/**
 * Walks the shopper to a fixture or store using only what its current view shows: turn to find the
 * target and move to it by its handle; if it cannot be seen from here, first move to the visible
 * target nearest to it (by map distance) and look again.
 */
export async function goTo(
  world: World,
  trace: Trace,
  targetId: string,
  approach?: string,
): Promise<boolean> {
  const { layout } = world.core.data;
  const goal = layout.navTargets.find((t) => t.id === targetId)!;
  const tool =
    goal.type === "fixture" ? "move_to_fixture" : goal.type === "store" ? "move_to_store" : "move_to_area";
  const waypoint = (t: (typeof layout.navTargets)[number], a: string) =>
    layout.waypoints.find((w) => w.id === (t.approaches as Record<string, string>)[a]);
  for (let hop = 0; hop < 5; hop++) {
    const handle = await lookFor(world, trace, targetId);
    if (handle) {
      const usable = visibleNow(world.observation).targets[handle]!.approaches;
      if (approach && goal.type === "fixture" && !usable.includes(approach)) {
        // Wrong side of the fixture: first go to another fixture's standing point on the wanted side.
        const want = waypoint(goal, approach)!;
        const [fx, fz] = [want.x - goal.location[0], want.z - goal.location[1]];
        const onSide = Object.entries(visibleNow(world.observation).targets)
          .flatMap(([h, v]) => {
            const t = layout.navTargets.find((x) => x.id === v.target)!;
            return v.approaches.filter((a) => a !== "nearest").map((a) => ({ h, a, w: waypoint(t, a)!, t }));
          })
          .filter(
            ({ t, w }) =>
              t.id !== goal.id && (w.x - goal.location[0]) * fx + (w.z - goal.location[1]) * fz > 0,
          )
          .sort(
            (p, q) => Math.hypot(p.w.x - want.x, p.w.z - want.z) - Math.hypot(q.w.x - want.x, q.w.z - want.z),
          )[0];
        if (!onSide) return false;
        await call(world, trace, "move_to_fixture", { target: onSide.h, approach: onSide.a });
        continue;
      }
      const how =
        approach && usable.includes(approach)
          ? approach
          : goal.type === "fixture"
            ? (usable.find((a) => a !== "nearest") ?? "nearest")
            : goal.type === "store"
              ? "outside_doorway"
              : undefined;
      const r = await call(world, trace, tool, how ? { target: handle, approach: how } : { target: handle });
      return r.success;
    }
    // Not in sight from here: hop to the visible target closest to the goal on the map, other than
    // one the shopper is already standing at.
    const here = world.state.pose;
    const seen = Object.entries(visibleNow(world.observation).targets);
    const near = seen
      .map(([h, t]) => ({ h, t: layout.navTargets.find((x) => x.id === t.target)! }))
      .filter(({ t }) => t.type === "fixture" || t.type === "store")
      .filter(
        ({ t }) =>
          !Object.values(t.approaches).some((id) => {
            const w = layout.waypoints.find((x) => x.id === id)!;
            return Math.hypot(w.x - here.x, w.z - here.z) < 1;
          }),
      )
      .sort(
        (a, b) =>
          Math.hypot(a.t.location[0] - goal.location[0], a.t.location[1] - goal.location[1]) -
          Math.hypot(b.t.location[0] - goal.location[0], b.t.location[1] - goal.location[1]),
      )[0];
    if (!near) return false;
    await call(
      world,
      trace,
      near.t.type === "fixture" ? "move_to_fixture" : "move_to_store",
      near.t.type === "fixture"
        ? { target: near.h, approach: "nearest" }
        : { target: near.h, approach: "outside_doorway" },
    );
  }
  return false;
}

/**
 * Looks around until the product is in view and within reach, walking towards it when it is seen
 * but too far; returns its handle.
 */
export async function findProduct(
  world: World,
  trace: Trace,
  productId: string,
  reach: number,
): Promise<string | undefined> {
  const explore: [string, Record<string, unknown>][] = [
    ["look_up_down", { direction: "down", angle: 20 }],
    ["look_up_down", { direction: "up", angle: 40 }],
    ["look_up_down", { direction: "down", angle: 20 }],
    ["side_step", { direction: "left", distance: 1 }],
    ["side_step", { direction: "right", distance: 2 }],
    ["move_forward", { distance: 1.5 }],
    ["turn", { direction: "left", angle: 45 }],
    ["turn", { direction: "right", angle: 90 }],
    ["look_up_down", { direction: "down", angle: 20 }],
  ];
  let next = 0;
  for (let i = 0; i < 20; i++) {
    const h = handleOfProduct(world, productId);
    if (h) {
      const seen = world.observation.roles.shopper.products.find((p) => p.handle === h)!;
      if (seen.distanceM <= reach) return h;
      if (seen.bearing !== "ahead") await call(world, trace, "turn", { direction: seen.bearing, angle: 25 });
      else await call(world, trace, "move_forward", { distance: Math.min(2, seen.distanceM - reach + 0.4) });
      continue;
    }
    if (next >= explore.length) break;
    const [name, args] = explore[next++]!;
    await call(world, trace, name, args);
  }
  return undefined;
}

/** A supermarket task whose target stands on the front of a shelf level, with that product and shelf. */
export function frontShelfTask(): { task: Task; product: string; fixture: string } {
  const data = loadEnvData("supermarket");
  const onFront = (product: string) =>
    data.instances.instances.find(
      (i) => i.product === product && i.on.type === "level" && i.on.side === "front",
    );
  const task = loadTaskBank("supermarket").tasks.find((t) => onFront(t.goal.target.product))!;
  const product = task.goal.target.product;
  const on = onFront(product)!.on;
  return { task, product, fixture: on.type === "level" ? on.fixture : "" };
}
