import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import { type Clock, realClock } from "../core/clock.js";
import type { EnvId } from "../core/manifest.js";
import type { LlmClient } from "../llm/client.js";
import { RenderService } from "../render/render-service.js";
import { buildClient } from "../runner/build.js";
import { parseRunConfig } from "../runner/run-config.js";
import type { RunStore } from "../storage/run-store.js";
import type { RunSeries } from "./run-series.js";

/**
 * What every session of a server shares: the run store and its run series, the prompts, one model
 * client (cache under the store, for roles played by models), one render pool (started with the
 * first SituRecBench session) and each store's knowledge.
 */
export class ServerResources {
  private renderService: Promise<RenderService> | undefined;
  private llm: LlmClient | undefined;
  private readonly knowledgeOf = new Map<EnvId, Promise<StoreKnowledge>>();
  readonly prompts: PromptSet = builtinPrompts();

  constructor(
    readonly store: RunStore,
    readonly series: RunSeries,
    private readonly renderOptions: { render?: RenderService; pages?: number } = {},
    /** The time sessions' activity and idle timeouts are measured in. */
    readonly clock: Clock = realClock,
  ) {
    if (renderOptions.render) this.renderService = Promise.resolve(renderOptions.render);
  }

  /** The render pool (started on first use; one given to the server is used and left open). */
  render(): Promise<RenderService> {
    if (!this.renderService) {
      const starting = RenderService.start({ poolSize: this.renderOptions.pages ?? 1 });
      // A browser that would not start is tried again by the next session, not remembered as failed.
      starting.catch(() => {
        if (this.renderService === starting) this.renderService = undefined;
      });
      this.renderService = starting;
    }
    return this.renderService;
  }

  /** The model client (its cache under the run store). */
  client(): LlmClient {
    this.llm ??= buildClient(parseRunConfig({ storeDir: this.store.location }, "llm"), this.store.location);
    return this.llm;
  }

  knowledge(env: EnvId): Promise<StoreKnowledge> {
    let k = this.knowledgeOf.get(env);
    if (!k) {
      k = StoreKnowledge.load(env);
      this.knowledgeOf.set(env, k);
    }
    return k;
  }

  /** Closes the render pool the server started (not one it was given). */
  async close(): Promise<void> {
    if (this.renderService && !this.renderOptions.render) await (await this.renderService).close();
  }
}
