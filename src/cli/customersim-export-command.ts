import { createWriteStream } from "node:fs";
import type { Command } from "commander";
import { Option } from "commander";
import { SiturecError } from "../core/errors.js";
import {
  type ConversationResult,
  type CustomerSimData,
  defaultChatStore,
  exportRollouts,
  loadCustomerSimData,
  type NgramModel,
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

type RowFormat = "sft" | "grpo";

interface ExportFlags {
  format?: RowFormat;
  schema?: RowFormat;
  dir: string;
  out?: string;
  judge?: string;
  classifier?: string;
  cache: boolean;
  concurrency: number;
}

/** `customersim export`: a run's conversations as SFT or GRPO training rows. */
export function registerCustomerSimExport(customersim: Command, io: CliIo): void {
  customersim
    .command("export")
    .description(
      "write a CustomerSim run's conversations as SFT or GRPO rows (JSONL, chat messages as TRL and verl read them), or print their JSON Schema",
    )
    .argument("[run]", "run id (see siturec runs)")
    .addOption(new Option("--format <f>", "row format").choices(["sft", "grpo"]))
    .addOption(new Option("--schema <f>", "print the JSON Schema of a row format").choices(["sft", "grpo"]))
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--out <file>", "write to a file instead of stdout")
    .option("--judge <id>", "grpo: judge model for R_reason, e.g. openai:gpt-4o (cached under DIR/cache)")
    .option("--classifier <file>", "grpo: n-gram classifier JSON (customersim ngram train) for R_ngram")
    .option("--no-cache", "with --judge: neither read nor write the response cache")
    .option("--concurrency <n>", "with --judge: judge calls at once", parseInteger, 4)
    .action((runId: string | undefined, opts: ExportFlags) => exportAction(runId, opts, io));
}

async function exportAction(runId: string | undefined, opts: ExportFlags, io: CliIo): Promise<void> {
  if (opts.schema) {
    io.out(`${JSON.stringify(rowJsonSchema(opts.schema), null, 2)}\n`);
    return;
  }
  if (!runId || !opts.format)
    throw new SiturecError("name a run and a --format (sft or grpo), or ask for --schema sft|grpo", {
      exitCode: 2,
    });
  if ((opts.judge || opts.classifier) && opts.format !== "grpo")
    throw new SiturecError("--judge and --classifier score GRPO rewards: use them with --format grpo", {
      exitCode: 2,
    });
  const classifier = opts.classifier ? readNgramModel(opts.classifier) : undefined;
  const judges = judgesFromFlags(opts);
  const { text, n } = await exportRows(runId, opts.format, opts.dir, judges, classifier);
  if (opts.format === "grpo")
    io.err(
      `rewards: R_reason ${judges ? `by the judge model ${judges.model} (${judges.spent()})` : "null (no --judge)"}, R_ngram ${classifier ? `by the classifier ${opts.classifier}` : "null (no --classifier)"}\n`,
    );
  if (!opts.out) {
    io.out(text);
    return;
  }
  await writeText(opts.out, text);
  io.err(`wrote ${n} ${opts.format} rows to ${opts.out}\n`);
}

/** The run's conversations as rows of `format` (JSONL), and how many. */
async function exportRows(
  runId: string,
  format: RowFormat,
  dir: string,
  judges: CustomerSimJudges | undefined,
  classifier: NgramModel | undefined,
): Promise<{ text: string; n: number }> {
  // A judge's calls go to the run's spend ledger, as `siturec judge`'s do; without one, read only.
  const store = openRunStore(dir, { readonly: !judges });
  const ledger: Promise<void>[] = [];
  try {
    await requireCustomerSimRun(store, runId);
    const { results, headers } = await readCustomerSimRun(store, runId);
    const data = loadCustomerSimData();
    const chat = defaultChatStore();
    const steering = headers[0]?.steering ?? "none";
    let reasonJudge: ReasonJudge | undefined;
    if (judges) {
      judges.client.onCall(({ model, response }) => {
        ledger.push(store.recordSpend(runId, spendOf("judge", model, response)));
      });
      reasonJudge = await prefetchedReasonJudge(judges, data, results);
    }
    // The system prompt is the LLM shopper's own for each persona (with the run's steering), and
    // the opening its greeting, so a policy trained on these rows sees what it will be prompted with.
    const text = await exportRollouts(results, data.personas.personas, {
      format,
      opening: SALES_GREETING,
      systemPrompt: (persona) => shopperSystemPrompt(persona, chat.knowledge(persona.category), { steering }),
      ...(reasonJudge ? { reasonJudge } : {}),
      ...(classifier ? { classifier } : {}),
    });
    return { text, n: results.length };
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

async function writeText(path: string, text: string): Promise<void> {
  const file = createWriteStream(path);
  file.write(text);
  await new Promise<void>((resolve, reject) =>
    file.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}
