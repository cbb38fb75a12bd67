import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import { type Clock, realClock } from "../core/clock.js";
import type { EnvId } from "../core/manifest.js";
import { type LlmClient, LlmError } from "../llm/client.js";
import { pingRequest } from "../llm/ping.js";
import { RenderService } from "../render/render-service.js";
import { buildClient } from "../runner/build.js";
import { parseRunConfig } from "../runner/run-config.js";
import type { RunStore } from "../storage/run-store.js";
import { AssistantPrompters } from "./assistant-prompters.js";
import type { RunSeries } from "./run-series.js";
import { SessionError } from "./session-error.js";

/**
 * What every session of a server shares: the run store and its run series, the prompts, one model
 * client (cache under the store, for roles played by models), one render pool (started with the
 * first SituRecBench session) and each store's knowledge.
 */
export class ServerResources {
  private renderService: Promise<RenderService> | undefined;
  private llm: LlmClient | undefined;
  private readonly knowledgeOf = new Map<EnvId, Promise<StoreKnowledge>>();
  private readonly answered = new Map<string, Promise<void>>();
  readonly prompts: PromptSet = builtinPrompts();
  /** The assistant's prompt builders, shared by the sessions (see AssistantPrompters). */
  readonly assistantPrompters = new AssistantPrompters(this.prompts, () => this.client());

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

  /**
   * Each model answers one tiny request before a session that uses it is created (as `siturec run`
   * preflights its roles), so a missing key or a dead endpoint is a 422 at creation, not a failed
   * episode later. A model that answered once is not asked again; one that failed is asked again.
   */
  async preflight(models: readonly string[]): Promise<void> {
    await Promise.all(
      models.map((model) => {
        let ping = this.answered.get(model);
        if (!ping) {
          ping = this.ping(model);
          ping.catch(() => this.answered.delete(model));
          this.answered.set(model, ping);
        }
        return ping;
      }),
    );
  }

  private async ping(model: string): Promise<void> {
    try {
      await this.client().complete(pingRequest(model, "preflight"));
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      throw new SessionError(422, `the model ${model} cannot be used on this server: ${err.message}`);
    }
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
