import { ASSISTANT_FALLBACK } from "../agents/llm/llm-assistant.js";
import { LlmShopper, SHOPPER_FALLBACK } from "../agents/llm/llm-shopper.js";
import { imagePublisher } from "../agents/remote/chat-messages.js";
import { isHttpPolicyId } from "../agents/remote/http-policy.js";
import { readAction } from "../agents/remote/read-action.js";
import {
  assistantObservation,
  otherRolesAction,
  shopperObservation,
} from "../agents/remote/remote-observation.js";
import {
  builtinRoles,
  looksLikeModelId,
  POLICY_ROLES,
  type PolicyNeeds,
  type PolicyOptions,
  type PolicyRole,
} from "../agents/role-registry.js";
import {
  type AssistantContext,
  type AssistantOutput,
  type AssistantPolicy,
  assistantOutputSchema,
  type PolicyReply,
  type ShopperContext,
  ShopperOutput,
  type ShopperPolicy,
} from "../agents/types.js";
import { shortMessage } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import { hasEnv } from "../envs/registry.js";
import { failedOutcome, runEpisode, trajectory } from "../episode/run-episode.js";
import type { RenderService } from "../render/render-service.js";
import { identityParts } from "../runner/plan.js";
import { runHeader } from "../runner/run-benchmark.js";
import { parseRunConfig, type RunConfig, roleId, roleTemperature } from "../runner/run-config.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import type { EpisodeHeader, EpisodeOutcome, Trajectory, TurnRecord } from "../trajectory/trajectory.js";
import { World } from "../world/world.js";
import { EnvSession, type Settled, type StepCosts } from "./env-session.js";
import type { Observation, SituRecSessionSpec, StepRequest } from "./protocol.js";
import type { ServerResources } from "./server-resources.js";
import { SessionError } from "./session-error.js";
import { situRecReward, turnMetrics } from "./situ-rec-reward.js";
import { timeWorldWork } from "./world-timing.js";

type Request = { role: "assistant"; ctx: AssistantContext } | { role: "shopper"; ctx: ShopperContext };

const assistantSchemas = new Map<EnvId, ReturnType<typeof assistantOutputSchema>>();
/** The assistant's output schema of a store, built once (building it costs more than a parse). */
function assistantSchema(env: EnvId): ReturnType<typeof assistantOutputSchema> {
  let schema = assistantSchemas.get(env);
  if (!schema) {
    schema = assistantOutputSchema(env);
    assistantSchemas.set(env, schema);
  }
  return schema;
}

/** The default of each role when the client plays another (as in `siturec run`). */
const DEFAULTS = { assistant: "reference", shopper: "rule" } as const;

function pickTask(env: EnvId, task: string | number): { task: Task; profile: Profile; position: number } {
  const bank = loadTaskBank(env);
  const position = typeof task === "number" ? task : bank.tasks.findIndex((t) => t.id === task);
  const found = bank.tasks[position];
  if (!found)
    throw new SessionError(
      404,
      typeof task === "number"
        ? `task position ${task}: the ${env} bank holds ${bank.tasks.length} tasks (positions from 0)`
        : `no task '${task}' in the ${env} bank (siturec tasks list shows the ids)`,
    );
  return { task: found, profile: bank.profiles.find((p) => p.id === found.profileId)!, position };
}

/** Whether the client's role gets the store map: the assistant by default, the shopper when asked. */
function clientMap(spec: SituRecSessionSpec): boolean {
  return spec.minimap ?? spec.role === "assistant";
}

/** The session's run configuration: the client's role is recorded under its own id, the others from `agents`. */
function sessionConfig(spec: SituRecSessionSpec, storeDir: string, render?: RenderService): RunConfig {
  const other = spec.role === "assistant" ? "shopper" : "assistant";
  try {
    return parseRunConfig(
      {
        env: spec.store,
        condition: spec.condition,
        maxTurns: spec.maxTurns,
        seed: spec.seed,
        storeDir,
        shopperMap: spec.role === "shopper" && clientMap(spec),
        agents: {
          [spec.role]: DEFAULTS[spec.role],
          [other]: spec.agents[other] ?? DEFAULTS[other],
          ...(spec.agents.moderator ? { moderator: spec.agents.moderator } : {}),
        },
        ...(render
          ? { render: { width: render.width, height: render.height, quality: render.quality } }
          : {}),
      },
      "session",
    );
  } catch (err) {
    throw new SessionError(400, shortMessage(err, 400));
  }
}

/**
 * A SituRecBench episode with the assistant or the shopper played by the client: `runEpisode` runs
 * unchanged with that role's policy asking the client, the other roles built as `siturec run`
 * builds them, and every turn is committed to the run store as in a run.
 */
export class SituRecSession extends EnvSession<Request, PolicyReply<unknown>> {
  private readonly env: EnvId;
  private readonly chosen: { task: Task; profile: Profile; position: number };
  private readonly records: TurnRecord[] = [];
  private settled = 0;
  private run: string | null = null;
  private trajectory: Trajectory | undefined;
  private failure: string | undefined;
  private readonly stats = { renderMs: 0, modelMs: 0 };
  /** Wall time inside the world's work (navigation, rendering, waiting for a render page). */
  private worldMs = 0;
  private readonly addWorldMs = (ms: number) => {
    this.worldMs += ms;
  };
  private shopperPrompter: LlmShopper | undefined;
  private readonly otherModels: string[];

  constructor(
    id: string,
    readonly situ: SituRecSessionSpec,
    private readonly res: ServerResources,
    private readonly owner: string,
    imageBase: string,
  ) {
    super(id, situ, res.store.location, imageBase, res.clock);
    if (!hasEnv(situ.store))
      throw new SessionError(404, `no store '${situ.store}' (siturec envs lists them)`);
    this.env = situ.store as EnvId;
    this.chosen = pickTask(this.env, situ.task);
    const other = situ.role === "assistant" ? "shopper" : "assistant";
    if (situ.agents[situ.role] !== undefined)
      throw new SessionError(
        400,
        `agents.${situ.role}: the client plays the ${situ.role}; name the ${other} instead`,
      );
    // The other roles are checked now (a 400 here, not a failed episode at reset).
    const config = sessionConfig(situ, res.store.location);
    this.otherModels = POLICY_ROLES.filter((r) => r !== situ.role)
      .map((r) => roleId(config.agents[r]))
      .filter(looksLikeModelId);
    if (situ.role === "shopper") {
      const assistant = builtinRoles().resolve("assistant", roleId(config.agents.assistant));
      if (assistant.conditions && !assistant.conditions.includes(config.condition))
        throw new SessionError(
          400,
          `condition ${config.condition}: the assistant '${assistant.id}' cannot play it${assistant.conditionsWhy ? ` (${assistant.conditionsWhy})` : ""}`,
        );
    }
  }

  get role(): string {
    return this.situ.role;
  }
  models(): string[] {
    return this.otherModels;
  }
  get runId(): string | null {
    return this.run;
  }
  get episode() {
    return { env: this.env, taskId: this.chosen.task.id };
  }
  get outcome(): Record<string, unknown> | null {
    if (this.trajectory) return { ...this.trajectory.outcome };
    return this.failure ? { reason: "error", error: this.failure } : null;
  }

  protected costs(): StepCosts {
    return { worldMs: this.worldMs, modelMs: this.stats.modelMs };
  }

  protected async play(): Promise<void> {
    const { store, series, prompts } = this.res;
    let header: EpisodeHeader | undefined;
    const attempt = `${this.owner}#${this.id}`;
    try {
      const render = await this.res.render();
      const config = sessionConfig(this.situ, store.location, render);
      const knowledge = await this.res.knowledge(this.env);
      const ids = {
        assistant: this.situ.role === "assistant" ? this.situ.agentId : roleId(config.agents.assistant),
        shopper: this.situ.role === "shopper" ? this.situ.agentId : roleId(config.agents.shopper),
        moderator: roleId(config.agents.moderator),
      };
      const browser = { version: render.browserVersion, renderer: render.rendererName };
      const parts = {
        ...identityParts(config, prompts.hash, ids, browser),
        envServer: { controlled: this.situ.role, minimap: clientMap(this.situ) },
      };
      const { runId, identity } = await series.runFor(
        {
          benchmark: "situ-rec",
          // Shaped like a run's config (what `siturec runs` reads), the session's spec beside it.
          config: { ...config, agents: ids, envServer: { ...this.situ, task: undefined } },
          parts,
          label: this.env,
        },
        `${this.env}/${this.chosen.task.id}`,
      );
      this.run = runId;
      header = {
        ...runHeader(config, runId, identity, ids, prompts),
        env: this.env,
        task: this.chosen.task,
        profile: this.chosen.profile,
      };
      if (!(await store.startEpisode(header, this.chosen.position, attempt)))
        throw new Error(`episode ${this.env}/${this.chosen.task.id} of ${runId} is already finished`);
      const options: PolicyOptions = {
        knowledge,
        task: this.chosen.task,
        seed: config.seed,
        condition: config.condition,
        client: this.res.client(),
        prompts,
      };
      const roles = builtinRoles();
      const built = <R extends PolicyRole>(role: R) => roles.resolve(role, roleId(config.agents[role]));
      const optionsFor = (role: PolicyRole): PolicyOptions => {
        const spec = config.agents[role];
        const temperature = roleTemperature(spec, role);
        const maxOutputTokens = typeof spec === "string" ? undefined : spec.maxOutputTokens;
        return {
          ...options,
          ...(temperature !== undefined ? { temperature } : {}),
          ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
        };
      };
      const external = this.externalPolicy();
      const assistant = this.situ.role === "assistant" ? null : built("assistant");
      const shopper = this.situ.role === "shopper" ? null : built("shopper");
      const moderator = built("moderator");
      let world: World;
      try {
        const images = this.viewSeen(assistant, shopper);
        world = timeWorldWork(await World.create(this.env, render, { images }), this.addWorldMs);
      } catch (err) {
        const outcome = failedOutcome(err);
        this.trajectory = trajectory(header, [], outcome);
        await store.failEpisode(header, outcome, attempt);
        return;
      }
      this.trajectory = await runEpisode({
        header,
        world,
        knowledge,
        agents: {
          assistant: assistant ? assistant.create(optionsFor("assistant")) : (external as AssistantPolicy),
          shopper: shopper ? shopper.create(optionsFor("shopper")) : (external as ShopperPolicy),
          moderator: moderator.create(optionsFor("moderator")),
        },
        images: store.images,
        minimaps: this.minimaps(assistant, shopper, config.shopperMap),
        stats: this.stats,
        skipLastView: true, // the last step answers `observation: null`: its view is for no one
        onTurn: async (record, outcome) => {
          this.records.push(record);
          await store.writeTurn(header!, record, outcome, attempt);
        },
      });
      if (this.trajectory.outcome.reason === "error")
        await store.failEpisode(header, this.trajectory.outcome, attempt);
    } catch (err) {
      this.failure = shortMessage(err);
      if (header) await store.failEpisode(header, failedOutcome(err), attempt).catch(() => {});
    }
  }

  /** Which roles get the store map: a built-in one where it needs it, the client where it looks at images. */
  private minimaps(
    assistant: { needs?: PolicyNeeds } | null,
    shopper: { needs?: PolicyNeeds } | null,
    shopperMap: boolean,
  ): { assistant: boolean; shopper: boolean } {
    const mine = clientMap(this.situ) && this.situ.images !== "none";
    return {
      assistant: assistant ? assistant.needs?.minimap === true : mine,
      shopper: shopper ? shopper.needs?.minimap === true && shopperMap : mine,
    };
  }

  /**
   * Whether anyone looks at the annotated view: the client (unless `images: "none"`), or another
   * role played by a model or a remote policy (built-in policies read the lists, not the image).
   * Where no one does, the world draws and encodes no image at all.
   */
  private viewSeen(...others: ({ id: string } | null)[]): boolean {
    if (this.situ.images !== "none") return true;
    return others.some((p) => p !== null && (looksLikeModelId(p.id) || isHttpPolicyId(p.id)));
  }

  /** The client's role as a policy: each turn's decision is the client's next action. */
  private externalPolicy(): AssistantPolicy | ShopperPolicy {
    const id = this.situ.agentId;
    if (this.situ.role === "assistant") {
      const assistant: AssistantPolicy = {
        id,
        act: (ctx) => this.decisions.ask({ role: "assistant", ctx }) as Promise<PolicyReply<AssistantOutput>>,
      };
      return assistant;
    }
    const shopper: ShopperPolicy = {
      id,
      act: (ctx) => this.decisions.ask({ role: "shopper", ctx }) as Promise<PolicyReply<ShopperOutput>>,
    };
    return shopper;
  }

  protected async observation(request: Request): Promise<Observation> {
    const k = await this.res.knowledge(this.env);
    const publish = imagePublisher(this.situ.images, (png) => this.serveImage(png));
    if (request.role === "assistant") {
      const prompter = this.res.assistantPrompters.get(k, this.situ.condition, this.situ.maxTurns);
      return assistantObservation(request.ctx, prompter, publish);
    }
    this.shopperPrompter ??= new LlmShopper(k, {
      model: this.situ.agentId,
      client: this.res.client(),
      prompts: this.res.prompts,
    });
    return shopperObservation(request.ctx, this.shopperPrompter, publish);
  }

  protected decision(request: Request, action: StepRequest["action"]): PolicyReply<unknown> {
    if (otherRolesAction(request.role, action))
      throw new SessionError(
        422,
        request.role === "assistant"
          ? "this is a shopper's action (utterance + tool_call); this session's client plays the assistant"
          : "this is an assistant's action; this session's client plays the shopper",
      );
    return request.role === "assistant"
      ? readAction(action, assistantSchema(this.env), ASSISTANT_FALLBACK, ["ranking"])
      : readAction(action, ShopperOutput, SHOPPER_FALLBACK);
  }

  protected async settle(ended: boolean): Promise<Settled> {
    const fresh = this.records.slice(this.settled);
    this.settled = this.records.length;
    const outcome: EpisodeOutcome | undefined = ended ? this.trajectory?.outcome : undefined;
    const metrics = fresh.map((r) => turnMetrics(this.env, r));
    const rewards = metrics.map((m, i) =>
      situRecReward(m, i === metrics.length - 1 ? outcome : undefined, this.situ.reward),
    );
    if (!metrics.length && outcome) rewards.push(situRecReward(undefined, outcome, this.situ.reward));
    const reason = outcome?.reason ?? (ended ? "error" : undefined);
    // The episode failed (a model, the world): `info.error` says so, apart from a turn limit's truncation.
    const error = this.failure ?? (reason === "error" ? (outcome?.error ?? "the episode failed") : undefined);
    return {
      reward: rewards.reduce((s, r) => s + r.reward, 0),
      terminated: ended && reason !== "turn_limit" && reason !== "error",
      truncated: ended && (reason === "turn_limit" || reason === "error"),
      info: {
        turns: metrics,
        rewardTerms: rewards.map((r) => r.terms),
        ...(ended ? { outcome: this.outcome, runId: this.run } : {}),
        ...(error ? { error } : {}),
      },
    };
  }
}
