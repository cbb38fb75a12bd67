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
  /** The stores (CustomerSim: categories) its episodes are in. */
  stores: string[];
  /** The profile-stratified subsets (0–3) its SituRecBench tasks are in (none for CustomerSim). */
  subsets: number[];
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

/**
 * The store's layout map (`/api/maps/ENV.svg`, the minimap without the shopper) and where a floor
 * point lands on it: `margin + x * scale`, `margin + z * scale` pixels of a `width` × `height` image.
 */
export interface MapGeometry {
  url: string;
  width: number;
  height: number;
  scale: number;
  margin: number;
}

/** A SituRecBench episode to replay: its trajectory, the names of the products it mentions, its store's map. */
export interface EpisodeReplay {
  kind: "situ-rec";
  trajectory: Trajectory;
  products: Record<string, ProductName>;
  /** Null for a store this build does not know. */
  map: MapGeometry | null;
  /**
   * Per turn, the shopper's walk from the turn's pose to where its action left them, along the store's
   * navigation mesh: floor points `[x, z]` in metres (absent for a store this build does not know).
   */
  route?: [number, number][][];
}

/** A CustomerSim persona as the conversation view shows it (`src/customersim/schema/persona.ts`). */
export interface PersonaFacts {
  name: string;
  age: number;
  background: string;
  speakingStyle: string;
  knowledgeLevel: string;
  shoppingFor: string;
  budget: number;
  preferences: string[];
  dealbreakers: string[];
  /** False when no product meets the dealbreakers (the right decision is not to buy). */
  feasible: boolean;
}

/** A CustomerSim conversation: the persona, the transcript and the decision verdict. */
/** One round of a CustomerSim conversation as the viewer shows it. */
export interface ConversationRound {
  turn: number;
  shopper: string;
  sales: string | null;
  /** What the salesperson recommended (R(C)) in the round. */
  recommended: string[];
  /** The shopper's private reasoning in the round, when it kept one. */
  shopperReasoning?: string;
  /** The salesperson's private reasoning in the round, when it kept one. */
  salesReasoning?: string;
  /** Products the salesperson's text named without recommending them (not in R(C)). */
  mentionedNotRecommended?: string[];
}

export interface ConversationReplay {
  kind: "customersim";
  category: string;
  persona: string;
  /** The persona's facts; null for a persona this build does not know. */
  profile: PersonaFacts | null;
  /** The products meeting every dealbreaker (the acceptable set of equation (1)). */
  acceptable: string[];
  /** Every product the salesperson recommended, in order of first mention. */
  recommended: string[];
  /** Display facts of the products named above and in the rounds. */
  products: Record<string, ProductName>;
  shopper: string;
  sales: string;
  rounds: ConversationRound[];
  reason: string;
  /** Decision Alignment (equation (1)): its case and value, null for a failed attempt. */
  decision: { case: string; da: 0 | 1 } | null;
  purchased: string | null;
}

export type EpisodeView = EpisodeReplay | ConversationReplay;

/** One metric cell of the leaderboard: value and SD as `siturec evaluate` computes them, and its text. */
export interface LeaderboardCell {
  value: number | null;
  sd: number | null;
  text: string;
  /** The best value of its store's rows (bold in the paper's Table 3). */
  best: boolean;
}

/** A column of the leaderboard, under its group (Outcome, Navigation, Recommendation, Dialogue). */
export interface LeaderboardColumn {
  group: string;
  key: string;
  label: string;
  title: string;
}

/** One row: an assistant under a context condition (and shopper, moderator) in one store. */
export interface LeaderboardRow {
  assistant: string;
  condition: string;
  shopper: string;
  moderator: string;
  episodes: number;
  runs: string[];
  cells: Record<string, LeaderboardCell>;
}

/** The runs' results in the paper's Table 3 layout, one block of rows per store, and the report's charts. */
export interface Leaderboard {
  filters: LeaderboardFilters;
  /** What the filters can be set to, from the runs in the store. */
  options: { stores: string[]; conditions: string[]; subsets: number[] };
  columns: LeaderboardColumn[];
  stores: { env: string; name: string; rows: LeaderboardRow[] }[];
  /** The note on SDs the report writes. */
  note: string;
  /** The charts `siturec report` draws, as SVG at `url`. */
  charts: { name: string; title: string; url: string }[];
  runs: string[];
  episodes: number;
}

/** The leaderboard's filters (also the runs list's): a store, a profile-stratified subset, a context condition. */
export interface LeaderboardFilters {
  store?: string;
  subset?: number;
  condition?: string;
}

/** `?store=…&subset=…&condition=…` for the filters that are set, or "" (the API's and the app's addresses). */
export function filterQuery(f: LeaderboardFilters): string {
  const q = new URLSearchParams();
  if (f.store) q.set("store", f.store);
  if (f.subset !== undefined) q.set("subset", String(f.subset));
  if (f.condition) q.set("condition", f.condition);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export interface ApiError {
  error: string;
}

/** A study as the organiser sees it: its definition, each participant's invite path and progress. */
export interface StudySummary {
  id: string;
  env: string;
  assistants: string[];
  tasks: string[];
  participants: {
    code: string;
    invite: string;
    tasks: string[];
    done: number;
    total: number;
    stage: string;
    /** Why the interaction at hand last failed (the organiser's to read; the participant is only asked to retry). */
    failed?: string;
  }[];
}
