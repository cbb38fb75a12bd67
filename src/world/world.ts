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

export function sceneState(state: WorldState): SceneState {
  return { hidden: [...state.removed], held: state.held?.product ?? null };
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

  private constructor(
    readonly core: WorldCore,
    private readonly render: RenderService,
  ) {}

  static async create(env: EnvId, render: RenderService): Promise<World> {
    const data = loadEnvData(env);
    return new World(new WorldCore(env, data, await navigationFor(env, data)), render);
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
    this.current = { state, observation: await this.observe(state) };
    return this.current;
  }

  async step(call: unknown): Promise<StepResult> {
    const { state, outcome } = this.core.apply(this.state, call, visibleNow(this.observation));
    const observation = outcome.success ? await this.observe(state) : this.observation;
    this.current = { state, observation };
    return { ...outcome, state, observation };
  }

  private observe(state: WorldState): Promise<Observation> {
    return observe(this.render, this.core.env, state.pose, sceneState(state));
  }
}
