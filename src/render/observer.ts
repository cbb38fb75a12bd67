import type { EnvId } from "../core/manifest.js";
import type { Product } from "../core/product.js";
import { ROLES, type Role, targetHandles } from "../core/roles.js";
import type { NavTarget } from "../core/spatial.js";
import { type EnvData, loadEnvData } from "../envs/env-data.js";
import type { CameraPose, SceneState } from "./camera.js";
import type { FrameOptions, RawFrame, RenderService } from "./render-service.js";
import { drawOverlay, encodePng, type OutlineCache } from "./som/annotate.js";
import type { PlacedBadge } from "./som/badge-layout.js";
import { type EntityRef, segmentationIndex } from "./som/regions.js";
import { type RoleView, roleView } from "./som/role-view.js";

export type { PlacedBadge } from "./som/badge-layout.js";

export interface RoleObservation extends RoleView {
  /** The first-person view with this role's Set-of-Mark overlay, PNG. */
  image: Buffer;
}

export interface Observation {
  env: EnvId;
  pose: CameraPose;
  frame: RawFrame;
  roles: Record<Role, RoleObservation>;
  /** Where each role's badges went on its image (absent where no overlay was drawn). */
  badges?: Record<Role, PlacedBadge[]>;
  /** `somMs` covers regions, handles and both roles' overlays; `overlayMs` the overlays alone. */
  timings: RawFrame["timings"] & { somMs: number; overlayMs: number; observationMs: number };
}

/** Per-store lookups the observer needs every frame. */
export class StoreContext {
  readonly products: Map<string, Product>;
  readonly targets: Map<string, NavTarget>;
  readonly colorIndex: Map<number, EntityRef>;
  readonly handles: Record<Role, Map<string, string>>;

  constructor(readonly data: EnvData) {
    this.products = new Map(data.catalog.products.map((p) => [p.id, p]));
    this.targets = new Map(data.layout.navTargets.map((t) => [t.id, t]));
    this.colorIndex = segmentationIndex(data.catalog, data.layout);
    this.handles = {
      shopper: targetHandles(data.layout, "shopper"),
      assistant: targetHandles(data.layout, "assistant"),
    };
  }
}

const contexts = new Map<EnvId, StoreContext>();

export function storeContext(env: EnvId): StoreContext {
  let ctx = contexts.get(env);
  if (!ctx) {
    ctx = new StoreContext(loadEnvData(env));
    contexts.set(env, ctx);
  }
  return ctx;
}

/** What an observation is made of beyond the frame. */
export interface ObserveOptions extends FrameOptions {
  /**
   * Draw and PNG-encode each role's annotated image (default true). Off, each role's `image` is
   * empty and no overlay is drawn nor PNG encoded, and unless `colour` is set the frame is rendered
   * without its colour image: for episodes where no role looks at the view (an environment-server
   * client with `images: "none"` against built-in roles).
   */
  images?: boolean;
}

/** Builds both roles' observations from one rendered frame: regions, handles, lists, annotated images. */
export async function observeFrame(
  env: EnvId,
  pose: CameraPose,
  frame: RawFrame,
  opts: ObserveOptions = {},
): Promise<Observation> {
  const t0 = performance.now();
  const ctx = storeContext(env);
  const views = ROLES.map((role) =>
    roleView(
      role,
      frame.regions,
      ctx.products,
      ctx.targets,
      ctx.handles[role],
      pose,
      frame.width,
      frame.height,
    ),
  );
  const t1 = performance.now();
  if (opts.images !== false && frame.rgb.length === 0)
    throw new Error(
      "observeFrame: the frame was rendered with { colour: false } and has no image to annotate; render it with colour, or pass { images: false }",
    );
  if (opts.images === false) {
    const roles = Object.fromEntries(views.map((view) => [view.role, { ...view, image: Buffer.alloc(0) }]));
    const nodeMs = performance.now() - t0;
    return {
      env,
      pose,
      frame,
      roles: roles as Record<Role, RoleObservation>,
      timings: {
        ...frame.timings,
        somMs: frame.timings.regionsMs + nodeMs,
        overlayMs: 0,
        observationMs: frame.timings.totalMs + nodeMs,
      },
    };
  }
  // One role's image is drawn, then PNG-encoded on sharp's threads while the next is drawn.
  const encoding: Promise<Buffer>[] = [];
  const placed: PlacedBadge[][] = [];
  const outlines: OutlineCache = new Map();
  for (const v of views) {
    const rgb = Buffer.from(frame.rgb);
    placed.push(await drawOverlay(rgb, frame.width, frame.height, v, outlines));
    encoding.push(encodePng(rgb, frame.width, frame.height));
  }
  const images = await Promise.all(encoding);
  const overlayMs = performance.now() - t1;
  const roles = Object.fromEntries(
    views.map((view, i) => [view.role, { ...view, image: images[i]! }]),
  ) as Record<Role, RoleObservation>;
  // The page found the regions: that part of the Set-of-Mark work is inside the frame's total.
  const nodeMs = performance.now() - t0;
  return {
    env,
    pose,
    frame,
    roles,
    badges: Object.fromEntries(views.map((v, i) => [v.role, placed[i]!])) as Record<Role, PlacedBadge[]>,
    timings: {
      ...frame.timings,
      somMs: frame.timings.regionsMs + nodeMs,
      overlayMs,
      observationMs: frame.timings.totalMs + nodeMs,
    },
  };
}

/** Renders and annotates an observation for both roles (without images where `opts.images` is false). */
export async function observe(
  service: RenderService,
  env: EnvId,
  pose: CameraPose,
  state?: SceneState,
  opts: ObserveOptions = {},
): Promise<Observation> {
  const { images, ...frameOpts } = opts;
  const frame = await service.render(env, pose, state, { colour: images !== false, ...frameOpts });
  return observeFrame(env, pose, frame, { images });
}

/** What a role's handle in an observation stands for, or undefined if it is not in view. */
export function resolveHandle(obs: Observation, role: Role, handle: string): EntityRef | undefined {
  const { products, targets } = obs.roles[role].handles;
  if (products[handle]) return { kind: "product", id: products[handle] };
  if (targets[handle]) return { kind: "target", id: targets[handle] };
  return undefined;
}

/** The handle a role uses in an observation for an entity, or undefined if it is not in view. */
export function handleFor(obs: Observation, role: Role, ref: EntityRef): string | undefined {
  const table = ref.kind === "product" ? obs.roles[role].handles.products : obs.roles[role].handles.targets;
  return Object.entries(table).find(([, id]) => id === ref.id)?.[0];
}
