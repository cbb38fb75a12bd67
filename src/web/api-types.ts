/**
 * The JSON the web server answers with (`/api/...`), shared by the server (`read-runs.ts`) and the
 * browser app (`app/`). Types only: the app imports nothing else of the server.
 */
import type { Trajectory } from "../trajectory/trajectory.js";

/** One run, as the runs list shows it. */
export interface RunSummary {
  id: string;
  benchmark: "situ-rec" | "customersim";
  /** The run's status as the store gives it (`RunStatus`: running, complete, incomplete, …). */
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The store (`supermarket`, `all`, …), or `customersim[/CATEGORY]`. */
  env: string;
  condition: string;
  assistant: string;
  shopper: string;
  moderator: string;
  planned: number;
  finished: number;
  running: number;
  errors: number;
  /** Finished episodes that succeeded (SituRecBench: SR; CustomerSim: DA), or null before any finished. */
  successRate: number | null;
  costUsd: number;
  /** Why episodes failed: each distinct message with its count, most frequent first. */
  failures: { message: string; count: number }[];
}

/** One episode of a run (a CustomerSim run's episode is a conversation: env the category, task the persona). */
export interface EpisodeSummary {
  env: string;
  taskId: string;
  position: number;
  status: "running" | "finished" | "error";
  reason: string | null;
  success: boolean;
  turns: number;
  recommendations: number;
  costUsd: number;
  error: string | null;
}

export interface RunDetail {
  run: RunSummary;
  /** The run's configuration as given. */
  config: unknown;
  episodes: EpisodeSummary[];
}

/** A product's display facts, for ids in rankings, carts and outcomes. */
export interface ProductName {
  name: string;
  brand: string;
  price: number;
}

/** A SituRecBench episode to replay: its trajectory, and the names of the products it mentions. */
export interface EpisodeReplay {
  kind: "situ-rec";
  trajectory: Trajectory;
  products: Record<string, ProductName>;
}

/** A CustomerSim conversation: the persona, the transcript and the decision verdict. */
export interface ConversationReplay {
  kind: "customersim";
  category: string;
  persona: string;
  shopper: string;
  sales: string;
  rounds: { turn: number; shopper: string; sales: string | null; recommended: string[] }[];
  reason: string;
  /** Decision Alignment (equation (1)): its case and value, null for a failed attempt. */
  decision: { case: string; da: 0 | 1 } | null;
  purchased: string | null;
}

export type EpisodeView = EpisodeReplay | ConversationReplay;

export interface ApiError {
  error: string;
}
