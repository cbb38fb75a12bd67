import type { EnvId } from "../core/manifest.js";
import type { Role } from "../core/roles.js";
import { loadEnvData } from "../envs/env-data.js";
import type { SceneState } from "../render/camera.js";
import { type Observation, observe } from "../render/observer.js";
import type { RenderService } from "../render/render-service.js";
import { navigationFor } from "./navmesh.js";
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
 * revealed?, state, observation}. The same calls from the same start give identical states and
 * images.
 */
export class World {
  private current?: { state: WorldState; observation: Observation };
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
    return this.current.observation;
  }

  async reset(): Promise<{ state: WorldState; observation: Observation }> {
    const state = this.core.initialState();
    this.drawn = undefined;
    this.current = { state, observation: await this.observe(state) };
    return this.current;
  }

  async step(call: unknown): Promise<StepResult> {
    const { state, outcome } = this.core.apply(this.state, call, visibleNow(this.observation));
    const observation = outcome.success ? await this.observe(state) : this.observation;
    this.current = { state, observation };
    return { ...outcome, state, observation };
  }

  /**
   * The observation of a state: rendered, or the last one again when the pose and the scene are as
   * it drew them (an idle turn, a check), with zero timings since nothing was
   * drawn. The reused observation shares its images and lists with the earlier one; nothing that
   * takes an observation changes it.
   */
  private async observe(state: WorldState): Promise<Observation> {
    const key = drawnKey(state);
    if (this.drawn?.key === key) {
      counts.reused++;
      return { ...this.drawn.observation, timings: REUSED_TIMINGS };
    }
    const observation = await observe(this.render, this.core.env, state.pose, sceneState(state), {
      images: this.images,
    });
    counts.rendered++;
    this.drawn = { key, observation };
    return observation;
  }
}
