import type { EnvId } from "../core/manifest.js";
import type { Role } from "../core/roles.js";
import { loadEnvData } from "../envs/env-data.js";
import type { SceneState } from "../render/camera.js";
import { type Observation, observe } from "../render/observer.js";
import type { RenderService } from "../render/render-service.js";
import { navigationFor } from "./navmesh.js";
import { ViewCache } from "./view-cache.js";
import { type StepOutcome, type VisibleNow, WorldCore, type WorldState } from "./world-core.js";

export interface StepResult extends StepOutcome {
  state: WorldState;
  observation: Observation;
}

/** What a role can point at in an observation, in the form the world checks calls against. */
export function visibleNow(obs: Observation, role: Role = "shopper"): VisibleNow {
  const view = obs.roles[role];
  const products: VisibleNow["products"] = {};
  for (const p of view.products)
    products[p.handle] = { product: view.handles.products[p.handle]!, distanceM: p.distanceM };
  const targets: VisibleNow["targets"] = {};
  for (const t of view.targets)
    targets[t.handle] = { target: view.handles.targets[t.handle]!, approaches: t.approaches };
  return { products, targets };
}

const REUSED_TIMINGS: Observation["timings"] = Object.freeze({
  rgbMs: 0,
  idsMs: 0,
  regionsMs: 0,
  postMs: 0,
  totalMs: 0,
  somMs: 0,
  overlayMs: 0,
  observationMs: 0,
});

export function sceneState(state: WorldState): SceneState {
  return { hidden: [...state.removed], held: state.held?.product ?? null };
}

/** What is drawn for a state: the pose and the scene; equal keys render identical observations. */
function drawnKey(state: WorldState): string {
  const { x, z, yaw, pitch } = state.pose;
  const { hidden, held } = sceneState(state);
  return JSON.stringify([x, z, yaw, pitch, hidden, held]);
}

const counts = { rendered: 0, reused: 0 };

/**
 * Views kept per store and render service for all its worlds: enough for the places a run's episodes
 * share (the entrance, the aisles many tasks visit) at about 1.2 MB each.
 */
const SHARED_VIEWS = 48;
const sharedViews = new WeakMap<RenderService, Map<string, ViewCache<Observation>>>();

/** Drops the views a render service's worlds share for a store (its last episode has ended). */
export function forgetViews(render: RenderService, env: EnvId): void {
  for (const images of [true, false]) sharedViews.get(render)?.delete(`${env}/${images}`);
}

/** The views the worlds of one render service and store share (with or without images). */
function viewsOf(render: RenderService, env: EnvId, images: boolean): ViewCache<Observation> {
  const byStore = sharedViews.get(render) ?? new Map<string, ViewCache<Observation>>();
  sharedViews.set(render, byStore);
  const key = `${env}/${images}`;
  const views = byStore.get(key) ?? new ViewCache<Observation>(SHARED_VIEWS);
  byStore.set(key, views);
  return views;
}

/**
 * Observations the worlds of this process have made since it started: rendered, or reused because
 * a step changed neither the pose nor the scene (for benchmarks; take differences around a run).
 */
export function observationCounts(): { rendered: number; reused: number } {
  return { ...counts };
}

/**
 * A store as an environment, in the manner of Gymnasium and AI2-THOR: `reset()` puts the shopper
 * at the entrance and returns the state and both roles' observations; `step(call)` executes one
 * shopper tool call against the current view and returns {success, error?, displacement,
 * revealed?, state, observation}; `act(call)` and `look()` are its two halves, for a caller that
 * may not need the view that follows. The same calls from the same start give identical states and
 * images.
 */
export class World {
  /** The state, and its observation unless an `act` left it to `look`. */
  private current?: { state: WorldState; observation?: Observation };
  /** The last rendered observation and what it drew, for steps that change nothing drawn. */
  private drawn?: { key: string; observation: Observation };

  private constructor(
    readonly core: WorldCore,
    private readonly render: RenderService,
    private readonly images: boolean,
  ) {}

  /** `opts.images: false`: observations carry no images (none drawn or encoded) where no role looks. */
  static async create(env: EnvId, render: RenderService, opts: { images?: boolean } = {}): Promise<World> {
    const data = loadEnvData(env);
    return new World(new WorldCore(env, data, await navigationFor(env, data)), render, opts.images ?? true);
  }

  get env(): EnvId {
    return this.core.env;
  }

  get state(): WorldState {
    if (!this.current) throw new Error("world: call reset() first");
    return this.current.state;
  }

  get observation(): Observation {
    if (!this.current) throw new Error("world: call reset() first");
    if (!this.current.observation)
      throw new Error("world: act() left the view unrendered: await look() first");
    return this.current.observation;
  }

  async reset(): Promise<{ state: WorldState; observation: Observation }> {
    const state = this.core.initialState();
    this.drawn = undefined;
    const observation = await this.observe(state);
    this.current = { state, observation };
    return { state, observation };
  }

  async step(call: unknown): Promise<StepResult> {
    const acted = this.act(call);
    return { ...acted, observation: await this.look() };
  }

  /**
   * `step` without the rendering: executes the call and returns what it did and the new state; the
   * view of that state is rendered by `look()` (or never, for the last step of an episode, whose
   * view nobody sees). A refused call keeps the current view.
   */
  act(call: unknown): StepOutcome & { state: WorldState } {
    const { state, outcome } = this.core.apply(this.state, call, visibleNow(this.observation));
    this.current = { state, ...(outcome.success ? {} : { observation: this.observation }) };
    return { ...outcome, state };
  }

  /** The observation of the current state, rendered now if the last `act` changed the view. */
  async look(): Promise<Observation> {
    const current = this.current;
    if (!current) throw new Error("world: call reset() first");
    current.observation ??= await this.observe(current.state);
    return current.observation;
  }

  /**
   * The observation of a state: rendered, or one drawn before again when the pose and the scene are
   * as it drew them (an idle turn, a check; in another episode of the run, the entrance or a common
   * aisle), with zero timings since nothing was drawn. Rendering is a pure function of the pose and
   * the scene, so a reused observation is the same bytes a render would give; it shares its images
   * and lists with the earlier one, and nothing that takes an observation changes it.
   */
  private async observe(state: WorldState): Promise<Observation> {
    const key = drawnKey(state);
    const views = viewsOf(this.render, this.core.env, this.images);
    const seen = this.drawn?.key === key ? this.drawn.observation : views.get(key);
    if (seen) {
      counts.reused++;
      this.drawn = { key, observation: seen };
      return { ...seen, timings: REUSED_TIMINGS };
    }
    const observation = await observe(this.render, this.core.env, state.pose, sceneState(state), {
      images: this.images,
    });
    counts.rendered++;
    this.drawn = { key, observation };
    views.set(key, observation);
    return observation;
  }
}
