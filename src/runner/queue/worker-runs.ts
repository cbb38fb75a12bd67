import { builtinPrompts, type PromptSet } from "../../agents/prompts/prompt-set.js";
import type { RoleRegistry } from "../../agents/role-registry.js";
import { SiturecError } from "../../core/errors.js";
import { hashOf } from "../../core/hash.js";
import { loadCustomerSimData } from "../../customersim/index.js";
import type { LlmClient, LlmClientOptions } from "../../llm/client.js";
import type { RenderService } from "../../render/render-service.js";
import { type RunRow, type RunStore, spendOf } from "../../storage/run-store.js";
import { agentIds, buildClient, buildPolicies, loadKnowledge, startRenderPool } from "../build.js";
import {
  type ConversationSlot,
  parseCustomerSimRunConfig,
  selectConversations,
} from "../customersim/customersim-config.js";
import {
  type ConversationContext,
  conversationContext,
  customerSimIdentityParts,
  customerSimUsesModels,
} from "../customersim/play-conversation.js";
import type { ExecuteContext } from "../execute.js";
import { identityDifferences, identityParts, type PlannedEpisode, selectEpisodes } from "../plan.js";
import { runHeader } from "../run-benchmark.js";
import { envsOf, parseRunConfig, type RunConfig } from "../run-config.js";

/** A run this worker may not play: another code version, prompts, task banks or browser. */
export class RunRefusedError extends SiturecError {
  override readonly name = "RunRefusedError";
}

/** What a worker keeps per run it serves. */
export type WorkerRun =
  | { benchmark: "situ-rec"; execute: ExecuteContext; episodes: Map<string, PlannedEpisode> }
  | {
      benchmark: "customersim";
      conversation: ConversationContext;
      personas: Map<string, ConversationSlot>;
    };

/** What the worker shares between runs: its store, render pools by settings, shared model pieces. */
export interface WorkerShared {
  store: RunStore;
  /** This worker's name in attempts. */
  owner: string;
  roles?: RoleRegistry;
  prompts?: PromptSet;
  /** The model client's pieces that hold across workers, per run (its limit is the run's). */
  modelSharing: (config: RunConfig) => Pick<LlmClientOptions, "sharedCache" | "sharedLimit">;
  /** A render pool for these settings, started once. */
  renderFor: (config: RunConfig) => Promise<RenderService>;
}

function refuse(run: RunRow, identity: string, parts: Record<string, unknown>): never {
  const diff = identityDifferences(run.identityParts, parts);
  throw new RunRefusedError(
    `run ${run.id} was planned with another configuration, code, prompts, task banks or browser than this worker has (identity ${run.identity}, here ${identity}):\n  ${diff.join("\n  ")}`,
    {
      hint: "run the worker from the same siturec version (and browser) as the command that planned the run",
    },
  );
}

function withLedger(client: LlmClient, store: RunStore, runId: string): LlmClient {
  // Fire and forget, as the runner does: a call's cost is on the ledger whatever its episode becomes.
  client.onCall(({ tag, model, response }) => {
    void store.recordSpend(runId, spendOf(tag ?? "other", model, response)).catch(() => {});
  });
  return client;
}

/**
 * Makes ready to play a run's episodes: its configuration from the store, this worker's policies,
 * client and render pool for it; refused (`RunRefusedError`) unless the identity this worker computes
 * is the run's own.
 */
export async function openWorkerRun(run: RunRow, shared: WorkerShared): Promise<WorkerRun> {
  if (run.benchmark === "customersim") return openCustomerSimRun(run, shared);
  const config = parseRunConfig(run.config, `run ${run.id}'s config`, shared.roles);
  const prompts = shared.prompts ?? builtinPrompts();
  const policies = buildPolicies(config, {}, shared.roles);
  const ids = agentIds(policies);
  const render = await shared.renderFor(config);
  const parts = identityParts(config, prompts.hash, ids, {
    version: render.browserVersion,
    renderer: render.rendererName,
  });
  const identity = hashOf(parts).slice(0, 16);
  if (identity !== run.identity) refuse(run, identity, parts);
  const client = withLedger(
    buildClient(config, shared.store.location, shared.modelSharing(config)),
    shared.store,
    run.id,
  );
  const episodes = selectEpisodes(config);
  return {
    benchmark: "situ-rec",
    episodes: new Map(episodes.map((e) => [`${e.env}/${e.task.id}`, e])),
    execute: {
      store: shared.store,
      config,
      policies,
      client,
      prompts,
      render,
      knowledge: await loadKnowledge(envsOf(config)),
      header: runHeader(config, run.id, identity, ids, prompts),
      owner: shared.owner,
    },
  };
}

async function openCustomerSimRun(run: RunRow, shared: WorkerShared): Promise<WorkerRun> {
  const config = parseCustomerSimRunConfig(run.config);
  const parts = customerSimIdentityParts(config);
  const identity = hashOf(parts).slice(0, 16);
  if (identity !== run.identity) refuse(run, identity, parts);
  const llm = parseRunConfig(
    { storeDir: shared.store.location, ...(config.llm ? { llm: config.llm } : {}) },
    "llm",
  );
  const client = customerSimUsesModels(config)
    ? withLedger(buildClient(llm, shared.store.location, shared.modelSharing(llm)), shared.store, run.id)
    : undefined;
  const selected = selectConversations(loadCustomerSimData().personas.personas, config);
  return {
    benchmark: "customersim",
    personas: new Map(selected.map((s) => [s.key, s])),
    conversation: conversationContext({
      store: shared.store,
      config,
      client,
      runId: run.id,
      identity,
      owner: shared.owner,
    }),
  };
}

/** A render pool per render settings (a worker may serve runs of several). */
export function renderPools(concurrency: number): {
  renderFor: (config: RunConfig) => Promise<RenderService>;
  close: () => Promise<void>;
} {
  const pools = new Map<string, Promise<RenderService>>();
  return {
    renderFor: (config) => {
      const key = `${config.render.width}x${config.render.height}:${config.render.quality}`;
      let pool = pools.get(key);
      if (!pool) {
        pool = startRenderPool({ ...config, concurrency });
        pools.set(key, pool);
      }
      return pool;
    },
    close: async () => {
      for (const p of pools.values()) await (await p.catch(() => undefined))?.close();
    },
  };
}
