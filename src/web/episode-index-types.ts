/**
 * The per-run episode index the viewer's episodes table and compare view read
 * (`GET /api/runs/RUN/episode-index`). Types only: the browser app imports them as it imports
 * `api-types.ts`. The index depends on nothing but the run, so a static bundle can save it as it is.
 */

/**
 * One turn in a few words: what the compare view checks for the first turn where two runs part,
 * and the text the search reads. A CustomerSim round reads the salesperson as the assistant.
 */
export interface IndexedTurn {
  /** The assistant's dialogue acts (Recommend, Navigate, …); CustomerSim: the salesperson's tool calls. */
  acts: string[];
  /** The action the assistant expected of the shopper, `tool`, or `tool(target id)` when it named one (null: none recorded). */
  expected: string | null;
  /** The shopper's tool call (null: none). */
  action: string | null;
  /** The entity or product the shopper's call pointed at (null: none). */
  target: string | null;
  /** The top of the assistant's ranking (CustomerSim: the first product recommended in the round). */
  top: string | null;
  /** The episode ended with this turn. */
  ended: boolean;
  /** What the assistant (salesperson) said. */
  assistant: string;
  /** What the shopper said. */
  shopper: string;
}

/** One ended episode (a CustomerSim run's: a conversation) with what the filters, the search and compare read. */
export interface IndexedEpisode {
  /** The store (CustomerSim: the category). */
  env: string;
  /** The task (CustomerSim: the persona). */
  taskId: string;
  /** The task's place in its store's bank: the table's default order within a store. */
  position: number;
  /** `error`: the attempt failed (a resume runs it again). */
  status: "finished" | "error";
  /** The termination reason (CustomerSim: the ending). */
  reason: string | null;
  /** SituRecBench: a cart addition; CustomerSim: the decision aligned (DA = 1). */
  success: boolean;
  /** Turns played (CustomerSim: shopper rounds). */
  turns: number;
  /** Recommend annotations (CustomerSim: distinct products recommended). */
  recommendations: number;
  costUsd: number;
  /** Why a failed attempt failed. */
  error: string | null;
  /** The product bought, if any. */
  purchased: string | null;
  /** SituRecBench: the purchase is a reference item of the task; null for CustomerSim. */
  referenceHit: boolean | null;
  /** CustomerSim: the decision case of equation (1) (`correct_acceptance`, …); null otherwise. */
  decision: string | null;
  /** Every act the assistant used in the episode, sorted (as in `IndexedTurn.acts`). */
  acts: string[];
  /** Every tool the shopper called in the episode, sorted. */
  actions: string[];
  /** The turns in order (turn N of the replay is `steps[N - 1]`). */
  steps: IndexedTurn[];
}

/** A run's ended episodes, in store then task-bank order, and the run they belong to. */
export interface EpisodeIndex {
  run: {
    id: string;
    benchmark: "situ-rec" | "customersim";
    /** The store (`supermarket`, `all`, …) or `customersim[/CATEGORY]`. */
    env: string;
    condition: string;
    assistant: string;
    shopper: string;
    moderator: string;
  };
  /** Changes whenever an episode of the run ends or the run's status changes (the server's cache key). */
  version: string;
  episodes: IndexedEpisode[];
}
