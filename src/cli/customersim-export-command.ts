import { createWriteStream } from "node:fs";
import type { Command } from "commander";
import { Option } from "commander";
import { SiturecError } from "../core/errors.js";
import {
  type ConversationResult,
  type CustomerSimData,
  defaultChatStore,
  EXPORT_FORMATS,
  type ExportFormat,
  exportRollouts,
  exportVerlParquet,
  loadCustomerSimData,
  type NgramModel,
  type Persona,
  type ReasoningPlacement,
  type ReasonJudge,
  readNgramModel,
  rowJsonSchema,
  SALES_GREETING,
  shopperSystemPrompt,
} from "../customersim/index.js";
import { readCustomerSimRun } from "../customersim/stored-conversation.js";
import type { CustomerSimJudges } from "../eval/customersim/index.js";
import { openRunStore } from "../storage/open-run-store.js";
import { spendOf } from "../storage/run-store.js";
import { judgesFromFlags, requireCustomerSimRun } from "./customersim-evaluation.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { parseInteger } from "./tasks-command.js";

type RowFormat = ExportFormat;

interface ExportFlags {
  format?: RowFormat;
  schema?: RowFormat;
  dir: string;
  out?: string;
  judge?: string;
  classifier?: string;
  cache: boolean;
  concurrency: number;
  reasoning: boolean;
  reasoningAs: "content" | "reasoning_content";
}

/** `customersim export`: a run's conversations as training rows. */
export function registerCustomerSimExport(customersim: Command, io: CliIo): void {
  customersim
    .command("export")
    .description(
      "write a CustomerSim run's conversations as training rows: sft or grpo (this project's JSONL), trl-sft or trl-grpo (TRL's SFTTrainer/GRPOTrainer datasets, JSONL), verl (verl's RL dataset, Parquet); or print a format's JSON Schema",
    )
    .argument("[run]", "run id (see siturec runs)")
    .addOption(new Option("--format <f>", "row format").choices(EXPORT_FORMATS))
    .addOption(new Option("--schema <f>", "print the JSON Schema of a row format").choices(EXPORT_FORMATS))
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--out <file>", "write to a file instead of stdout (required for verl's Parquet)")
    .option("--judge <id>", "grpo: judge model for R_reason, e.g. openai:gpt-4o (cached under DIR/cache)")
    .option("--classifier <file>", "grpo: n-gram classifier JSON (customersim ngram train) for R_ngram")
    .option("--no-cache", "with --judge: neither read nor write the response cache")
    .option("--concurrency <n>", "with --judge: judge calls at once", parseInteger, 4)
    .option("--no-reasoning", "sft, grpo, trl-sft: leave the shopper's stored reasoning out of its turns")
    .addOption(
      new Option(
        "--reasoning-as <where>",
        "trl-sft: the reasoning as a <reasoning> block in content, or a field",
      )
        .choices(["content", "reasoning_content"])
        .default("content"),
    )
    .action((runId: string | undefined, opts: ExportFlags) => exportAction(runId, opts, io));
}

function checkFlags(
  runId: string | undefined,
  opts: ExportFlags,
): asserts opts is ExportFlags & { format: RowFormat } {
  const usage = (message: string) => new SiturecError(message, { exitCode: 2 });
  if (!runId || !opts.format)
    throw usage(`name a run and a --format (${EXPORT_FORMATS.join(", ")}), or ask for --schema FORMAT`);
  if ((opts.judge || opts.classifier) && opts.format !== "grpo")
    throw usage("--judge and --classifier score GRPO rewards: use them with --format grpo");
  if (opts.format === "verl" && !opts.out)
    throw usage("--format verl writes Parquet: name the file with --out, e.g. --out train.parquet");
  if (!opts.reasoning && !["sft", "grpo", "trl-sft"].includes(opts.format))
    throw usage(
      "--no-reasoning shapes the shopper's turns of sft, grpo and trl-sft rows; prompts carry no reasoning",
    );
  if (opts.reasoningAs !== "content" && opts.format !== "trl-sft")
    throw usage(
      "--reasoning-as reasoning_content puts reasoning in trl-sft's message field: use it with --format trl-sft",
    );
}

async function exportAction(runId: string | undefined, opts: ExportFlags, io: CliIo): Promise<void> {
  if (opts.schema) {
    io.out(`${JSON.stringify(rowJsonSchema(opts.schema), null, 2)}\n`);
    return;
  }
  checkFlags(runId, opts);
  const classifier = opts.classifier ? readNgramModel(opts.classifier) : undefined;
  const judges = judgesFromFlags(opts);
  const placement: ReasoningPlacement = opts.reasoning ? opts.reasoningAs : "none";
  const { data, n } = await exportRows(runId!, opts.format, opts.dir, { judges, classifier, placement });
  if (opts.format === "grpo")
    io.err(
      `rewards: R_reason ${judges ? `by the judge model ${judges.model} (${judges.spent()})` : "null (no --judge)"}, R_ngram ${classifier ? `by the classifier ${opts.classifier}` : "null (no --classifier)"}\n`,
    );
  if (!opts.out && typeof data === "string") {
    io.out(data);
    return;
  }
  await writeData(opts.out!, data);
  io.err(`wrote ${n} ${opts.format} rows to ${opts.out}\n`);
}

interface RowSources {
  judges: CustomerSimJudges | undefined;
  classifier: NgramModel | undefined;
  placement: ReasoningPlacement;
}

/** The run's conversations as rows of `format` (JSONL text, or Parquet bytes for verl), and how many. */
async function exportRows(
  runId: string,
  format: RowFormat,
  dir: string,
  { judges, classifier, placement }: RowSources,
): Promise<{ data: string | Uint8Array; n: number }> {
  // A judge's calls go to the run's spend ledger, as `siturec judge`'s do; without one, read only.
  const store = openRunStore(dir, { readonly: !judges });
  const ledger: Promise<void>[] = [];
  try {
    await requireCustomerSimRun(store, runId);
    const { results, headers } = await readCustomerSimRun(store, runId);
    const data = loadCustomerSimData();
    const chat = defaultChatStore();
    const names = new Map(data.catalog.products.map((p) => [p.id, p.name]));
    let reasonJudge: ReasonJudge | undefined;
    if (judges) {
      judges.client.onCall(({ model, response }) => {
        ledger.push(store.recordSpend(runId, spendOf("judge", model, response)));
      });
      reasonJudge = await prefetchedReasonJudge(judges, data, results);
    }
    // The system prompt is the LLM shopper's own for each persona (with its run's steering), and
    // the opening its greeting, so a policy trained on these rows sees what it will be prompted with.
    const steering = headers[0]?.steering ?? "none";
    const options = {
      opening: SALES_GREETING,
      systemPrompt: (persona: Persona) =>
        shopperSystemPrompt(persona, chat.knowledge(persona.category), { steering }),
      reasoning: placement,
      productName: (id: string) => names.get(id),
      meta: headers.map((h) => ({ sample: h.sample ?? 0 })),
      ...(reasonJudge ? { reasonJudge } : {}),
      ...(classifier ? { classifier } : {}),
    };
    if (format === "verl") {
      const { rows, parquet } = exportVerlParquet(results, data.personas.personas, options);
      return { data: parquet, n: rows.length };
    }
    const text = await exportRollouts(results, data.personas.personas, { ...options, format });
    return { data: text, n: text ? text.trimEnd().split("\n").length : 0 };
  } finally {
    await Promise.all(ledger);
    await store.close();
  }
}

/**
 * R_reason's judge with every conversation's score already asked for: the rows are written in order,
 * one at a time, and the judge is asked about all of them at once.
 */
async function prefetchedReasonJudge(
  judges: CustomerSimJudges,
  data: CustomerSimData,
  results: readonly ConversationResult[],
): Promise<ReasonJudge> {
  const products = new Map(data.catalog.products.map((p) => [p.id, p]));
  const judge = judges.reason((id) => products.get(id));
  const scores = new Map<ConversationResult, Promise<number>>();
  const personas = new Map(data.personas.personas.map((p) => [p.id, p]));
  for (const r of results) {
    const persona = personas.get(r.personaId);
    if (persona) scores.set(r, judge({ persona, result: r }));
  }
  await Promise.all(scores.values());
  return (input) => scores.get(input.result) ?? judge(input);
}

async function writeData(path: string, data: string | Uint8Array): Promise<void> {
  const file = createWriteStream(path);
  file.write(data);
  await new Promise<void>((resolve, reject) =>
    file.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}
