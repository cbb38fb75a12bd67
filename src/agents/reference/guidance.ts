import type { ToolCall } from "../../core/dialogue.js";
import { forwardOf, normalizeYaw, type Point, pointInPolygon, yawTowards } from "../../core/geometry.js";
import type { NavTarget } from "../../core/spatial.js";
import type { RoleView } from "../../render/som/role-view.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";

export interface Guidance {
  utterance: string;
  expected: ToolCall;
  /** The assistant's handle of the final goal (from its map). */
  goalHandle: string;
  /** The visible target the shopper should go to now, and how. */
  next?: { handle: string; approach: string };
  arrived: boolean;
}

type Pose = { x: number; z: number; yaw: number; pitch: number };

const KIND_WORDS: Record<string, string> = {
  shelf: "shelf",
  wall_shelf: "wall shelves",
  chest_freezer: "chest freezer",
  upright_freezer: "freezer",
  open_cooler: "cooler",
  produce_stand: "produce stand",
};

export function placeName(t: NavTarget): string {
  if (t.type === "fixture") return `the ${t.name} ${KIND_WORDS[t.kind] ?? "section"}`;
  if (t.type === "store") return t.name;
  return `the ${t.name} area`;
}

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Degrees to turn (positive: left) to face `to` from the pose. */
export function bearingTo(pose: Pose, to: Point): number {
  return normalizeYaw(yawTowards([pose.x, pose.z], to) - pose.yaw);
}

function turnCall(bearing: number): { call: ToolCall; words: string } {
  const direction = bearing > 0 ? "left" : "right";
  const angle = Math.min(180, Math.max(30, Math.round(Math.abs(bearing) / 15) * 15));
  return {
    call: { name: "turn", arguments: { direction, angle } },
    words: angle >= 150 ? "turn around" : `turn ${direction} about ${angle} degrees`,
  };
}

function approachWaypoint(k: StoreKnowledge, t: NavTarget, approach: string): Point | undefined {
  const id = (t.approaches as Record<string, string>)[approach];
  const w = id ? k.waypoints.get(id) : undefined;
  return w ? [w.x, w.z] : undefined;
}

/**
 * Route guidance towards a goal with only what the shopper can act on now: a visible target to move
 * to (the goal itself when visible from the right side, else a visible target that shortens the walk),
 * or a turn towards the goal, or a few metres straight ahead.
 */
export function guide(
  k: StoreKnowledge,
  pose: Pose,
  view: RoleView,
  goal: NavTarget,
  approach: string,
): Guidance {
  const here: Point = [pose.x, pose.z];
  const goalHandle = k.handles.assistant.get(goal.id)!;
  const visible = view.targets.filter((t) => t.targetId);
  const find = (id: string) => visible.find((v) => v.targetId === id);
  const base = { goalHandle, arrived: false };

  if (goal.type === "area") {
    const store = k.targets.get(goal.store)!;
    if (!pointInPolygon(here, store.footprint)) return guide(k, pose, view, store, "inside_doorway");
    const at = approachWaypoint(k, goal, "area_point")!;
    if (dist(here, at) < 0.3)
      return { ...base, arrived: true, utterance: "", expected: { name: "idle", arguments: {} } };
    const seen = find(goal.id);
    if (seen) {
      return {
        ...base,
        utterance: `Walk over to ${placeName(goal)}.`,
        expected: { name: "move_to_area", arguments: { target: seen.handle } },
        next: { handle: seen.handle, approach: "area_point" },
      };
    }
    const t = turnCall(bearingTo(pose, at));
    return { ...base, utterance: `${cap(t.words)} — ${placeName(goal)} is over there.`, expected: t.call };
  }

  const goalPoint = approachWaypoint(k, goal, approach) ?? goal.location;
  if (dist(here, goalPoint) < 0.3)
    return { ...base, arrived: true, utterance: "", expected: { name: "idle", arguments: {} } };
  const seen = find(goal.id);
  const tool = goal.type === "fixture" ? "move_to_fixture" : "move_to_store";
  if (seen && (seen.approaches.includes(approach) || goal.type === "store")) {
    const side =
      goal.type === "fixture" ? `the ${approach} side of ` : approach === "inside_doorway" ? "inside " : "";
    const words =
      goal.type === "store" && approach === "inside_doorway"
        ? `Let's go into ${goal.name}`
        : `Let's go to ${side}${placeName(goal)}`;
    return {
      ...base,
      utterance: `${words}${seen.bearing === "ahead" ? ", just ahead of you" : `, on your ${seen.bearing}`}.`,
      expected: { name: tool, arguments: { target: seen.handle, approach } },
      next: { handle: seen.handle, approach },
    };
  }

  // A stepping stone: a visible target on the way, whose standing point leaves the shortest walk to
  // the goal without a long detour.
  const direct = k.nav.path(here, goalPoint)?.length ?? dist(here, goalPoint);
  let best: { handle: string; approach: string; t: NavTarget; cost: number } | undefined;
  for (const v of visible) {
    const t = k.targets.get(v.targetId!)!;
    if (t.id === goal.id || t.type === "area") continue;
    for (const a of v.approaches) {
      if (a === "nearest") continue;
      const p = approachWaypoint(k, t, a);
      if (!p || dist(p, here) < 1) continue;
      const cost = k.nav.path(p, goalPoint)?.length;
      const detour = (k.nav.path(here, p)?.length ?? Number.POSITIVE_INFINITY) + (cost ?? 0);
      if (cost === undefined || cost > direct - 1.5 || detour > direct * 1.25 + 1) continue;
      if (!best || cost < best.cost) best = { handle: v.handle, approach: a, t, cost };
    }
  }
  if (best) {
    const stepTool = best.t.type === "fixture" ? "move_to_fixture" : "move_to_store";
    const side = best.t.type === "fixture" ? `the ${best.approach} side of ` : "";
    return {
      ...base,
      utterance: `First head to ${side}${placeName(best.t)}; ${placeName(goal)} is beyond it.`,
      expected: { name: stepTool, arguments: { target: best.handle, approach: best.approach } },
      next: { handle: best.handle, approach: best.approach },
    };
  }
  // No visible target helps: follow the planned route to its first corner (turn, then walk).
  return { ...base, ...walkRoute(k, pose, goalPoint, `towards ${placeName(goal)}`) };
}

/** A turn and a short walk along the navigation mesh's route to `to`, in words and as a call. */
export function walkRoute(
  k: StoreKnowledge,
  pose: Pose,
  to: Point,
  purpose: string,
): { utterance: string; expected: ToolCall } {
  const here: Point = [pose.x, pose.z];
  const path = k.nav.path(here, to)?.points ?? [here, to];
  const corner = path.find((p) => dist(p, here) > 0.3) ?? to;
  const distance = Math.max(0.5, Math.min(4, Math.round(dist(here, corner) * 2) / 2));
  const bearing = bearingTo(pose, corner);
  if (Math.abs(bearing) < 10) {
    return {
      utterance: `Walk straight ahead about ${distance} metres ${purpose}.`,
      expected: { name: "move_forward", arguments: { distance } },
    };
  }
  const direction = bearing > 0 ? "left" : "right";
  const angle = Math.min(180, Math.max(15, Math.round(Math.abs(bearing) / 15) * 15));
  return {
    utterance: `Turn ${direction} about ${angle} degrees and walk about ${distance} metres ${purpose}.`,
    expected: { name: "turn_and_move", arguments: { direction, angle, distance } },
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Words for where a supermarket item sits on its fixture. */
export function shelfWords(level: number, levels: number): string {
  if (levels <= 1) return "on the display";
  if (level === 0) return "on the bottom shelf";
  if (level === levels - 1) return "on the top shelf";
  return "on a middle shelf";
}

/**
 * Where to turn, step or look to bring an item into view and reach, from its placement (the store's
 * planogram) relative to the shopper's pose.
 */
export function guideToItem(
  k: StoreKnowledge,
  pose: Pose,
  productId: string,
  reach: number,
): { utterance: string; expected: ToolCall } {
  const here: Point = [pose.x, pose.z];
  const inst = [...(k.instances.get(productId) ?? [])].sort(
    (a, b) => dist(here, [a.x, a.z]) - dist(here, [b.x, b.z]),
  )[0]!;
  const p = k.product(productId);
  const where =
    inst.on.type === "level"
      ? shelfWords(
          inst.on.level,
          (k.targets.get(inst.on.fixture) as { levels?: number[] })?.levels?.length ?? 1,
        )
      : inst.on.type === "plinth"
        ? "on a display plinth"
        : "on the floor display";
  const [fx, fz] = forwardOf(pose.yaw);
  const v: Point = [inst.x - pose.x, inst.z - pose.z];
  const ahead = v[0] * fx + v[1] * fz;
  const right = v[0] * -fz + v[1] * fx;
  const bearing = bearingTo(pose, [inst.x, inst.z]);
  const flat = Math.hypot(v[0], v[1]);
  const elevation = (Math.atan2(inst.y + p.shape.dims.height / 2 - 1.6, Math.max(0.3, flat)) * 180) / Math.PI;
  const tilt = elevation - pose.pitch;
  const name = `the ${p.brand} ${p.name}`;
  if (Math.abs(bearing) > 30) {
    const t = turnCall(bearing);
    return { utterance: `${name} is ${where}; ${t.words} to see it.`, expected: t.call };
  }
  if (Math.abs(right) > 0.7 && ahead < 2.5) {
    const direction = right > 0 ? "right" : "left";
    const distance = Math.max(0.5, Math.round(Math.abs(right) * 2) / 2);
    return {
      utterance: `${cap(name)} is ${where}, a little to your ${direction} — step ${direction} about ${distance} m.`,
      expected: { name: "side_step", arguments: { direction, distance } },
    };
  }
  if (Math.abs(tilt) > 18) {
    const direction = tilt > 0 ? "up" : "down";
    const angle = Math.min(45, Math.max(10, Math.round(Math.abs(tilt) / 5) * 5));
    return {
      utterance: `${cap(name)} is ${where} — look ${direction} about ${angle} degrees.`,
      expected: { name: "look_up_down", arguments: { direction, angle } },
    };
  }
  const step = Math.max(0.5, Math.round((flat - reach + 0.6) * 2) / 2);
  return {
    utterance: `${cap(name)} is ${where}, straight ahead — walk forward about ${step} m to reach it.`,
    expected: { name: "move_forward", arguments: { distance: step } },
  };
}
