import { z } from "zod";
import {
  builtinCustomerSimAgents,
  type CategoryId,
  type ConversationResult,
  createBuyFirstShopper,
  createWalkOutShopper,
  DEFAULT_TURN_LIMIT,
  decisionAlignment,
  type FloorShopperId,
  type Persona,
  personaOfTask,
  runConversation,
  type ShopperAgent,
} from "../../customersim/index.js";
import type { RunRow, RunStore } from "../../storage/run-store.js";

/**
 * The DA floors of a run: what the `walk-out` and `buy-first` shoppers (they say only what they shop
 * for, then walk out after the first recommendation or buy the first product recommended) score
 * against the run's salesperson on the run's personas. A built-in salesperson with BM25 retrieval
 * is played here (no model call, deterministic); a model salesperson's floors come from finished
 * runs of the store that played the floor shopper against the same salesperson, retrieval, turn
 * limit and sampling over every persona of the run, else the command that makes them.
 */
export type FloorSource =
  | { kind: "played"; ms: number }
  | { kind: "run"; runId: string }
  | { kind: "missing"; command: string };

export interface FloorSide {
  shopper: FloorShopperId;
  source: FloorSource;
  /** Mean DA overall and per category; null when the floor is missing. */
  overall: number | null;
  byCategory: Partial<Record<CategoryId, number>>;
}

export interface DaFloors {
  sales: string;
  walkOut: FloorSide;
  buyFirst: FloorSide;
}

/** The fields of a stored CustomerSim run config the floors match on; the rest is ignored. */
const FloorConfig = z
  .object({
    shopper: z.string(),
    sales: z.string(),
    category: z.string().optional(),
    personas: z.string().optional(),
    retrieval: z.string().default("bm25"),
    turnLimit: z.number().int().default(DEFAULT_TURN_LIMIT),
    sampling: z
      .object({
        sales: z
          .object({
            temperature: z.number().optional(),
            topP: z.number().optional(),
            repetitionPenalty: z.number().optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
type FloorConfig = z.infer<typeof FloorConfig>;

const CREATE: Record<FloorShopperId, () => ShopperAgent> = {
  "walk-out": createWalkOutShopper,
  "buy-first": createBuyFirstShopper,
};

const BUILTINS = builtinCustomerSimAgents();

/** What the floors read of a run store: its runs, and a run's episodes. */
export type FloorRunSource = Pick<RunStore, "listRuns" | "episodes">;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function side(shopper: FloorShopperId, source: FloorSource, das: Map<Persona, number>): FloorSide {
  const byCategory: Partial<Record<CategoryId, number>> = {};
  const personas = [...das.keys()];
  for (const c of new Set(personas.map((p) => p.category)))
    byCategory[c] = mean(personas.filter((p) => p.category === c).map((p) => das.get(p)!));
  return { shopper, source, overall: das.size ? mean([...das.values()]) : null, byCategory };
}

async function playFloor(
  shopper: FloorShopperId,
  config: FloorConfig,
  personas: readonly Persona[],
): Promise<FloorSide> {
  const started = performance.now();
  const sales = BUILTINS.resolve("sales", config.sales);
  const results: ConversationResult[] = [];
  for (const persona of personas)
    results.push(
      await runConversation({
        persona,
        shopper: CREATE[shopper](),
        sales: sales.create({ seed: 0 }).agent,
        turnLimit: config.turnLimit,
      }),
    );
  const das = new Map(
    personas.map((p, i) => [p, decisionAlignment({ ...results[i]!, acceptable: p.acceptable }).da] as const),
  );
  return side(shopper, { kind: "played", ms: Math.round(performance.now() - started) }, das);
}

/** The salesperson's sampling as given, keys sorted (flat: temperature, top-p, repetition penalty). */
const samplingKey = (c: FloorConfig) => {
  const s = c.sampling?.sales ?? {};
  return JSON.stringify(s, Object.keys(s).sort());
};

const sameSales = (a: FloorConfig, b: FloorConfig) =>
  a.sales === b.sales &&
  a.retrieval === b.retrieval &&
  a.turnLimit === b.turnLimit &&
  samplingKey(a) === samplingKey(b);

/** Each persona's DA in a floor run (the mean over its finished samples), when it covers them all. */
async function coveredDa(
  store: FloorRunSource,
  runId: string,
  personas: readonly Persona[],
): Promise<Map<Persona, number> | undefined> {
  const byPersona = new Map<string, number[]>();
  for (const e of await store.episodes(runId)) {
    if (e.status !== "finished") continue;
    const id = personaOfTask(e.taskId);
    byPersona.set(id, [...(byPersona.get(id) ?? []), e.success ? 1 : 0]);
  }
  if (!personas.every((p) => byPersona.has(p.id))) return undefined;
  return new Map(personas.map((p) => [p, mean(byPersona.get(p.id)!)]));
}

/** The salesperson's sampling as `customersim run` flags (`--temperature sales=0.7` …). */
function samplingFlags(
  sales: { temperature?: number; topP?: number; repetitionPenalty?: number } = {},
): string[] {
  return [
    ...(sales.temperature !== undefined ? [`--temperature sales=${sales.temperature}`] : []),
    ...(sales.topP !== undefined ? [`--top-p sales=${sales.topP}`] : []),
    ...(sales.repetitionPenalty !== undefined
      ? [`--repetition-penalty sales=${sales.repetitionPenalty}`]
      : []),
  ];
}

/** The `customersim run` that plays a floor shopper against the run's salesperson on its personas. */
export function floorCommand(shopper: FloorShopperId, config: FloorConfig, storeDir?: string): string {
  const flags = [
    `--shopper ${shopper}`,
    `--sales ${config.sales}`,
    ...(config.category ? [`--category ${config.category}`] : []),
    ...(config.personas ? [`--personas ${config.personas}`] : []),
    ...(config.turnLimit !== DEFAULT_TURN_LIMIT ? [`--turn-limit ${config.turnLimit}`] : []),
    ...(config.retrieval !== "bm25" ? [`--retrieval ${config.retrieval}`] : []),
    ...samplingFlags(config.sampling?.sales),
    ...(storeDir ? [`--store ${storeDir}`] : []),
  ];
  return `siturec customersim run ${flags.join(" ")}`;
}

async function storedFloor(
  shopper: FloorShopperId,
  config: FloorConfig,
  personas: readonly Persona[],
  store: FloorRunSource,
  runs: readonly RunRow[],
  storeDir: string | undefined,
): Promise<FloorSide> {
  // The newest finished floor run that covers every persona.
  const candidates = runs
    .filter((r) => r.benchmark === "customersim")
    .flatMap((r) => {
      const c = FloorConfig.safeParse(r.config);
      return c.success && c.data.shopper === shopper && sameSales(c.data, config) ? [r] : [];
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const r of candidates) {
    const das = await coveredDa(store, r.id, personas);
    if (das) return side(shopper, { kind: "run", runId: r.id }, das);
  }
  const command = floorCommand(shopper, config, storeDir);
  return { shopper, source: { kind: "missing", command }, overall: null, byCategory: {} };
}

/** The floors of a run over the personas it played (each once, whatever its samples). */
export async function daFloors(
  store: FloorRunSource,
  run: RunRow,
  personas: readonly Persona[],
  storeDir?: string,
): Promise<DaFloors | undefined> {
  const parsed = FloorConfig.safeParse(run.config);
  if (!parsed.success) return undefined;
  const config = parsed.data;
  const here = BUILTINS.isBuiltin("sales", config.sales) && config.retrieval === "bm25";
  const runs = here ? [] : await store.listRuns();
  const play = (s: FloorShopperId) =>
    here ? playFloor(s, config, personas) : storedFloor(s, config, personas, store, runs, storeDir);
  // One after the other, so that each one's time is its own.
  const walkOut = await play("walk-out");
  const buyFirst = await play("buy-first");
  return { sales: config.sales, walkOut, buyFirst };
}
