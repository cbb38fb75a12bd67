import { join } from "node:path";
import {
  type CompletenessJudge,
  type CriteriaJudge,
  llmCompletenessJudge,
  llmCriteriaJudge,
  llmReasonJudge,
  type ReasonJudge,
  type ShopperDialogue,
} from "../../customersim/index.js";
import { type CallEvent, LlmClient } from "../../llm/client.js";
import { parseModelId } from "../../llm/model-id.js";

/**
 * The model-backed judges of `customersim evaluate|report|export --judge MODEL`, on one model client
 * built the way `siturec judge` builds its own: responses cached under the run store (`DIR/cache`)
 * unless `noCache`, every call's tokens and cost heard by `onCall` listeners (the spend ledger).
 */
export class CustomerSimJudges {
  readonly client: LlmClient;
  /** Calls made and what they cost, cached calls included (at no cost). */
  calls = 0;
  cachedCalls = 0;
  costUsd = 0;
  readonly criteria: CriteriaJudge;
  readonly completeness: CompletenessJudge;
  private readonly memo = new Map<string, Promise<number>>();

  constructor(
    readonly model: string,
    opts: { storeDir: string; noCache?: boolean; concurrency?: number },
  ) {
    parseModelId(model);
    this.client = new LlmClient({
      ...(opts.noCache ? { noCache: true } : { cacheDir: join(opts.storeDir, "cache") }),
      concurrency: opts.concurrency ?? 4,
    });
    this.client.onCall(({ response }: CallEvent) => {
      this.calls++;
      if (response.cached) this.cachedCalls++;
      this.costUsd += response.costUsd;
    });
    const judge = { model, client: this.client };
    this.criteria = this.memoised("crit", llmCriteriaJudge(judge));
    this.completeness = this.memoised("cpl", llmCompletenessJudge(judge));
  }

  /** The same text is judged once per process (measureFidelity asks one dialogue at a time; `prefetch` asks them all at once). */
  private memoised(kind: string, judge: (text: string) => Promise<number>) {
    return (text: string) => {
      const key = `${kind}\u0000${text}`;
      let p = this.memo.get(key);
      if (!p) {
        p = judge(text);
        this.memo.set(key, p);
      }
      return p;
    };
  }

  reason(productOf: Parameters<typeof llmReasonJudge>[0]["productOf"]): ReasonJudge {
    return llmReasonJudge({ model: this.model, client: this.client, ...(productOf ? { productOf } : {}) });
  }

  /**
   * Asks for every dialogue's Crit. and %Cpl. at once (the client's concurrency bounds the calls), so
   * that measureFidelity, which asks one dialogue at a time, reads the answers from the memo.
   */
  async prefetch(dialogues: readonly ShopperDialogue[]): Promise<void> {
    await Promise.all(
      dialogues.flatMap((d) => [
        ...(d.shopperTurns[0] !== undefined ? [this.criteria(d.shopperTurns[0])] : []),
        this.completeness(d.shopperTurns.join("\n")),
      ]),
    );
  }

  /** What the judges spent, for a summary line. */
  spent(): string {
    return `${this.calls} judge calls (${this.cachedCalls} cached), $${this.costUsd.toFixed(4)}`;
  }
}

/** Which estimator gave Crit. and %Cpl., in words (the judge's model id, or the rule-based estimator). */
export function estimatorText(judge: CustomerSimJudges | undefined): string {
  return judge
    ? `Crit. and %Cpl. by the judge model ${judge.model}`
    : "Crit. and %Cpl. by the rule-based estimators (no --judge model)";
}
