import { arrivalPitch } from "../core/camera.js";
import { forwardOf, normalizeYaw, type Point, yawTowards } from "../core/geometry.js";
import type { EnvId } from "../core/manifest.js";
import { type InspectionDetails, inspectionDetails, type Product } from "../core/product.js";
import type { Fixture, NavTarget } from "../core/spatial.js";
import { nearestPointsInReach } from "../envs/common/nearest-ring.js";
import type { EnvData } from "../envs/env-data.js";
import type { InspectionRules } from "../envs/env-definition.js";
import { envDefinition } from "../envs/registry.js";
import type { Navigation } from "./navmesh.js";
import { parseToolCall, TRANSLATIONAL } from "./tools.js";

/** The shopper's head may look this far up and down, degrees. */
export const PITCH_LIMITS = { min: -60, max: 45 } as const;
/** A translational action that moves less than this counts as stuck; three in a row are a motion stall. */
export const STALL = { epsilonM: 0.05, steps: 3 } as const;

export interface ShopperPose {
  x: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** The world state s_t (paper §2): pose, held item, checked items, cart, revealed information, objects moved. */
export interface WorldState {
  env: EnvId;
  pose: ShopperPose;
  /** Supermarket: the item in the shopper's hand, and which placed instance it was. */
  held: { product: string; instance: string } | null;
  /** Furniture store: products checked so far, oldest first. */
  checked: string[];
  /** Products added to the cart, in order. */
  cart: string[];
  /** Furniture store: products explicitly not added (`do_not_add_to_cart`). */
  declined: string[];
  /** Revealed item information K_t: what inspecting each product showed. */
  revealed: Record<string, InspectionDetails>;
  /** Instances off their places: picked up (in hand) or in the cart. */
  removed: string[];
  steps: number;
  /** Displacement of each call, metres (0 for calls that do not move or were refused). */
  displacements: number[];
  /** Consecutive translational actions with negligible displacement. */
  stallStreak: number;
}

/** What the acting role can point at now: its current observation's handles. */
export interface VisibleNow {
  products: Record<string, { product: string; distanceM: number }>;
  targets: Record<string, { target: string; approaches: string[] }>;
}

export interface StepOutcome {
  /** Whether the call was executed (AI2-THOR's lastActionSuccess). */
  success: boolean;
  /** Why it was not executed (errorMessage); the shopper sees it next turn. */
  error?: string;
  /** The parsed tool name, when it was one of the store's tools. */
  tool?: string;
  /** How far the shopper moved, metres. */
  displacement: number;
  /** A walk that ended short of where it was heading (blocked by a wall or fixture). */
  blocked?: boolean;
  /** What inspecting revealed (pick_up_item, check_item). */
  revealed?: { product: string } & InspectionDetails;
  /** A cart addition (the purchase that ends an episode). */
  addedToCart?: string;
  /** This call completed a motion stall. */
  stalled: boolean;
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;
const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * The shopper's body and the store's physics as a pure state machine: validates a tool call against
 * the store's tools, the current view and the state rules, executes it on the navigation mesh, and
 * returns the next state. Refused calls change nothing but the step count; they are never thrown.
 */
export class WorldCore {
  private readonly products: Map<string, Product>;
  private readonly targets: Map<string, NavTarget>;
  /** How this store's shopper inspects and decides on items. */
  private readonly inspection: InspectionRules;
  /** Per fixture, the points a `nearest` approach may end at (its goods within reach from there). */
  private readonly nearestPoints = new Map<string, Point[]>();

  constructor(
    readonly env: EnvId,
    readonly data: EnvData,
    readonly nav: Navigation,
  ) {
    this.inspection = envDefinition(env).inspection;
    this.products = new Map(data.catalog.products.map((p) => [p.id, p]));
    this.targets = new Map(data.layout.navTargets.map((t) => [t.id, t]));
  }

  initialState(): WorldState {
    const { start } = this.data.layout;
    return {
      env: this.env,
      pose: { x: start.x, z: start.z, yaw: start.yaw, pitch: 0 },
      held: null,
      checked: [],
      cart: [],
      declined: [],
      revealed: {},
      removed: [],
      steps: 0,
      displacements: [],
      stallStreak: 0,
    };
  }

  /** Applies one tool call; returns the new state and what happened. */
  apply(state: WorldState, call: unknown, visible: VisibleNow): { state: WorldState; outcome: StepOutcome } {
    const next: WorldState = structuredClone(state);
    next.steps++;
    const refuse = (error: string, tool?: string) => {
      next.displacements.push(0);
      return {
        state: next,
        outcome: { success: false, error, ...(tool ? { tool } : {}), displacement: 0, stalled: false },
      };
    };
    const parsed = parseToolCall(this.env, call);
    if (!parsed.ok) return refuse(parsed.error);
    const { name, args } = parsed;
    const result = this.execute(next, name, args, visible);
    if ("error" in result) return refuse(`${name}: ${result.error}`, name);
    const displacement = round(result.displacement ?? 0);
    next.displacements.push(displacement);
    const stuck = TRANSLATIONAL.has(name) && displacement < STALL.epsilonM;
    next.stallStreak = stuck ? next.stallStreak + 1 : 0;
    const { displacement: _d, ...rest } = result;
    return {
      state: next,
      outcome: {
        success: true,
        tool: name,
        displacement,
        ...rest,
        stalled: stuck && next.stallStreak >= STALL.steps,
      },
    };
  }

  private execute(
    s: WorldState,
    name: string,
    a: Record<string, unknown>,
    visible: VisibleNow,
  ): { error: string } | Omit<StepOutcome, "success" | "stalled" | "tool"> {
    const left = (dir: unknown) => (dir === "left" ? 1 : -1);
    switch (name) {
      case "move_forward":
        return this.walk(s, s.pose.yaw, a.distance as number);
      case "move_backward":
        return this.walk(s, s.pose.yaw + 180, a.distance as number);
      case "side_step":
        return this.walk(s, s.pose.yaw + 90 * left(a.direction), a.distance as number);
      case "turn":
        s.pose.yaw = normalizeYaw(s.pose.yaw + left(a.direction) * (a.angle as number));
        return { displacement: 0 };
      case "turn_and_move":
        s.pose.yaw = normalizeYaw(s.pose.yaw + left(a.direction) * (a.angle as number));
        return this.walk(s, s.pose.yaw, a.distance as number);
      case "move_and_turn": {
        const moved = this.walk(s, s.pose.yaw, a.distance as number);
        s.pose.yaw = normalizeYaw(s.pose.yaw + left(a.direction) * (a.angle as number));
        return moved;
      }
      case "look_up_down": {
        const delta = (a.direction === "up" ? 1 : -1) * (a.angle as number);
        s.pose.pitch = Math.max(PITCH_LIMITS.min, Math.min(PITCH_LIMITS.max, s.pose.pitch + delta));
        return { displacement: 0 };
      }
      case "idle":
        return { displacement: 0 };
      case "move_to_fixture":
      case "move_to_store":
      case "move_to_area":
        return this.moveToTarget(s, name, a, visible);
      case "pick_up_item":
        return this.pickUp(s, a.target as string, visible);
      case "drop_item":
        if (!s.held) return { error: "you are not holding anything" };
        s.removed = s.removed.filter((id) => id !== s.held!.instance);
        s.held = null;
        return { displacement: 0 };
      case "check_item": {
        const seen = this.visibleProduct(a.target as string, visible, this.inspection.reachM);
        if ("error" in seen) return seen;
        if (!s.checked.includes(seen.product)) s.checked.push(seen.product);
        return { displacement: 0, revealed: this.reveal(s, seen.product) };
      }
      case "add_to_cart":
        return this.inspection.mode === "hold"
          ? this.cartHeld(s, a.target as string | undefined, visible)
          : this.cartChecked(s, a.target as string | undefined, visible, true);
      case "do_not_add_to_cart":
        return this.cartChecked(s, a.target as string | undefined, visible, false);
    }
    return { error: "not a tool of this store" };
  }

  /** Walks up to `distance` along `yaw` across the floor, sliding along obstacles. */
  private walk(s: WorldState, yaw: number, distance: number) {
    const [fx, fz] = forwardOf(yaw);
    const from: Point = [s.pose.x, s.pose.z];
    const end = this.nav.slide(from, [from[0] + fx * distance, from[1] + fz * distance]);
    s.pose.x = round(end[0]);
    s.pose.z = round(end[1]);
    const moved = dist(from, end);
    return { displacement: moved, ...(moved < distance - 0.05 ? { blocked: true } : {}) };
  }

  private moveToTarget(s: WorldState, name: string, a: Record<string, unknown>, visible: VisibleNow) {
    const handle = a.target as string;
    const seen = visible.targets[handle];
    if (!seen) return { error: `'${handle}' is not a navigation target in your current view` };
    const target = this.targets.get(seen.target)!;
    const wanted = { move_to_fixture: "fixture", move_to_store: "store", move_to_area: "area" }[name]!;
    if (target.type !== wanted) return { error: `'${handle}' is a ${target.type}, not a ${wanted}` };
    const approach = name === "move_to_area" ? "area_point" : (a.approach as string);
    if (approach !== "nearest" && !seen.approaches.includes(approach)) {
      return {
        error: `'${handle}' cannot be approached from '${approach}' from here; usable now: ${seen.approaches.join(", ")}`,
      };
    }
    const from: Point = [s.pose.x, s.pose.z];
    if (approach === "nearest") {
      const best = this.nearestPoint(target as Fixture, from);
      if (!best) return { error: `no reachable point next to '${handle}'` };
      s.pose.x = round(best.x);
      s.pose.z = round(best.z);
      if (best.yaw !== undefined) s.pose.yaw = normalizeYaw(best.yaw);
      return { displacement: dist(from, [best.x, best.z]) };
    }
    // A fixed point: walk there, then face the target (and at a fixture, look down at the goods).
    const wp = this.data.layout.waypoints.find(
      (w) => w.id === (target.approaches as Record<string, string>)[approach],
    );
    if (!wp) return { error: `'${handle}' has no ${approach} point` };
    if (!this.nav.path(from, [wp.x, wp.z])) return { error: `no walkable path to '${handle}' (${approach})` };
    s.pose = { x: round(wp.x), z: round(wp.z), yaw: normalizeYaw(wp.yaw), pitch: arrivalPitch(target) };
    return { displacement: dist(from, [wp.x, wp.z]) };
  }

  /**
   * The `nearest` approach: of walkable points just off the fixture's stocked faces (never its short
   * ends, where the goods are out of reach), the one with the shortest walk from here; the shopper
   * keeps the heading of the walk's last leg (no facing adjustment, paper Appendix B.2).
   */
  private nearestPoint(f: Fixture, from: Point): { x: number; z: number; yaw?: number } | undefined {
    let ring = this.nearestPoints.get(f.id);
    if (!ring) {
      ring = nearestPointsInReach(
        f,
        this.data.instances.instances,
        this.products,
        this.inspection.reachM,
      ).map((r) => r.point);
      this.nearestPoints.set(f.id, ring);
    }
    let best: { point: Point; length: number; yaw: number | undefined } | undefined;
    for (const point of ring) {
      if (!this.nav.walkable(point)) continue;
      const path = this.nav.path(from, point);
      if (!path || (best && path.length >= best.length)) continue;
      const [a, b] = [path.points.at(-2), path.points.at(-1)!];
      const yaw = a && dist(a, b) > 1e-3 ? yawTowards(a, b) : undefined;
      best = { point, length: path.length, yaw };
    }
    if (!best) return undefined;
    const [x, z] = best.point;
    return best.yaw === undefined ? { x, z } : { x, z, yaw: best.yaw };
  }

  private visibleProduct(
    handle: string,
    visible: VisibleNow,
    reach: number,
  ): { product: string } | { error: string } {
    const seen = visible.products[handle];
    if (!seen) return { error: `'${handle}' is not a product in your current view` };
    if (seen.distanceM > reach)
      return { error: `'${handle}' is ${seen.distanceM.toFixed(1)} m away; come within ${reach} m` };
    return { product: seen.product };
  }

  private reveal(s: WorldState, productId: string): { product: string } & InspectionDetails {
    const details = inspectionDetails(this.products.get(productId)!);
    s.revealed[productId] = details;
    return { product: productId, ...details };
  }

  /** Picks up the nearest instance of a visible product within reach, into an empty hand. */
  private pickUp(s: WorldState, handle: string, visible: VisibleNow) {
    if (s.held)
      return {
        error: `your hands are full (${this.products.get(s.held.product)!.name}); drop_item or add_to_cart first`,
      };
    const seen = this.visibleProduct(handle, visible, this.inspection.reachM);
    if ("error" in seen) return seen;
    const here: Point = [s.pose.x, s.pose.z];
    const instance = this.data.instances.instances
      .filter((i) => i.product === seen.product && !s.removed.includes(i.id))
      .sort((a, b) => dist(here, [a.x, a.z]) - dist(here, [b.x, b.z]) || a.id.localeCompare(b.id))[0];
    if (!instance) return { error: `there is no ${this.products.get(seen.product)!.name} left to take` };
    s.held = { product: seen.product, instance: instance.id };
    s.removed.push(instance.id);
    return { displacement: 0, revealed: this.reveal(s, seen.product) };
  }

  /** Supermarket add_to_cart: the item in hand goes into the cart (a named target must be that item). */
  private cartHeld(s: WorldState, handle: string | undefined, visible: VisibleNow) {
    if (!s.held) return { error: "you are not holding anything; pick_up_item first" };
    if (handle !== undefined && visible.products[handle]?.product !== s.held.product) {
      return { error: `'${handle}' is not the item in your hand` };
    }
    const product = s.held.product;
    s.cart.push(product);
    s.held = null;
    return { displacement: 0, addedToCart: product };
  }

  /**
   * Furniture add_to_cart / do_not_add_to_cart: a visible product that has been checked, named by
   * its handle, or else the most recently checked product that is in view now.
   */
  private cartChecked(s: WorldState, handle: string | undefined, visible: VisibleNow, add: boolean) {
    let product: string | undefined;
    if (handle !== undefined) {
      const seen = visible.products[handle];
      if (!seen) return { error: `'${handle}' is not a product in your current view` };
      if (!s.checked.includes(seen.product)) return { error: `check_item '${handle}' before deciding on it` };
      product = seen.product;
    } else {
      const inView = new Set(Object.values(visible.products).map((v) => v.product));
      product = [...s.checked].reverse().find((p) => inView.has(p));
      if (!product) return { error: "no checked product is in view; name one with target, after check_item" };
    }
    if (add) {
      s.cart.push(product);
      return { displacement: 0, addedToCart: product };
    }
    if (!s.declined.includes(product)) s.declined.push(product);
    return { displacement: 0 };
  }
}
