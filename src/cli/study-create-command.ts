import type { Command } from "commander";
import { z } from "zod";
import { looksLikeModelId } from "../agents/role-registry.js";
import type { Condition } from "../core/dialogue.js";
import { SiturecError, shortMessage } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { envIds, hasEnv } from "../envs/registry.js";
import { LlmClient, LlmError } from "../llm/client.js";
import { pingRequest } from "../llm/ping.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "../study/create-study.js";
import { type Study, StudyId } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { invitePath } from "../web/study-routes.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { requireStudy } from "./study-lookup.js";
import { formatTable } from "./table.js";
import { parseInteger } from "./tasks-command.js";

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** `--participants 5` makes P1…P5; `--participants ana,ben` names them. */
function participantCodes(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n < 1 || n > 200) throw new SiturecError("--participants: 1 to 200", { exitCode: 2 });
    return Array.from({ length: n }, (_, i) => `P${i + 1}`);
  }
  return list(v);
}

/** The invite links of a study's participants on a server at `base`. */
function inviteRows(study: Study, base: string): string[][] {
  return study.participants.map((p) => [p.code, p.tasks.join(", "), `${base}${invitePath(p.token)}`]);
}

interface CreateFlags {
  assistants: string;
  env: string;
  tasks?: string;
  sample: number;
  seed: number;
  participants?: string;
  perParticipant: number;
  condition: string;
  maxTurns: number;
  moderator: string;
  shopperMap?: boolean;
  dir: string;
  json?: boolean;
  preflight: boolean;
}

function registerCreate(study: Command, io: CliIo): void {
  study
    .command("create")
    .description(
      "make a study: sampled tasks, assistants under letters, coded participants with invite tokens",
    )
    .argument("<id>", "a name for the study (lower-case letters, digits, '-')")
    .requiredOption("--assistants <ids>", "comma-separated: reference or model ids (openai:gpt-4o, …)")
    .option("--env <store>", "the store, or a seeded variant of one (supermarket@1000)", "supermarket")
    .option("--tasks <ids>", "task ids (default: sample the bank with --seed)")
    .option("--sample <n>", "tasks to sample from the bank", parseInteger, 5)
    .option("--seed <n>", "seeds the sample and each participant's letters and order", parseInteger, 42)
    .option("--participants <n|codes>", "how many (P1…) or comma-separated coded ids (default: one per task)")
    .option(
      "--per-participant <n>",
      "tasks each participant plays (adjacent pairs, cyclically)",
      parseInteger,
      2,
    )
    .option("--condition <c>", "the assistant's context condition", "full")
    .option("--max-turns <n>", "turn limit per interaction", parseInteger, 20)
    .option("--moderator <id>", "the moderator (rule or a model id)", "rule")
    .option("--shopper-map", "show participants the store map (the paper gives it to the assistant only)")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--json", "print the study as JSON (with its invite tokens)")
    .option("--no-preflight", "do not ask each assistant's model one tiny request first")
    .action((id: string, o: CreateFlags) => createAction(id, o, io));
}

async function createAction(id: string, o: CreateFlags, io: CliIo): Promise<void> {
  checkCreateFlags(id, o);
  const made = buildStudy(id, o);
  if (o.preflight) await preflightModels(made);
  const store = openRunStore(o.dir);
  try {
    await new StudyStore(store).create(made);
  } catch (err) {
    throw new SiturecError(err instanceof Error ? err.message : String(err), { exitCode: 2 });
  } finally {
    await store.close();
  }
  if (o.json) {
    io.out(`${JSON.stringify(made, null, 2)}\n`);
    return;
  }
  io.out(
    `study ${made.id}: ${made.tasks.length} ${made.env} tasks (${made.tasks.join(", ")}), ${made.assistants.length} assistants, ${made.participants.length} participants\n`,
  );
  io.out(
    `${formatTable(["participant", "tasks", "invite (on siturec serve's default address)"], inviteRows(made, "http://127.0.0.1:7575"))}\n`,
  );
  io.out(`serve it with: siturec serve --store ${o.dir}  (it prints the organiser link and every invite)\n`);
}

/** The study id, the store and the condition, checked before anything is sampled. */
function checkCreateFlags(id: string, o: CreateFlags): void {
  const name = StudyId.safeParse(id);
  if (!name.success)
    throw new SiturecError(`study id '${id}': ${name.error.issues[0]!.message}`, { exitCode: 2 });
  if (!hasEnv(o.env))
    throw new SiturecError(
      `--env ${o.env}: the stores are ${envIds().join(", ")}, or a seeded variant of one such as ${envIds()[0]}@1000`,
      { exitCode: 2 },
    );
  if (!["full", "no-evv", "no-evv-caption"].includes(o.condition))
    throw new SiturecError(`--condition ${o.condition}: full, no-evv or no-evv-caption`, {
      exitCode: 2,
    });
}

/** The study the flags describe; what `createStudy` refuses is a usage error (exit 2). */
function buildStudy(id: string, o: CreateFlags): Study {
  try {
    const codes = participantCodes(o.participants);
    return createStudy({
      id,
      env: o.env as EnvId,
      ...(o.tasks ? { tasks: list(o.tasks) } : { sample: o.sample }),
      seed: o.seed,
      assistants: list(o.assistants),
      ...(codes ? { participants: codes } : {}),
      perParticipant: o.perParticipant,
      condition: o.condition as Condition,
      maxTurns: o.maxTurns,
      moderator: o.moderator,
      ...(o.shopperMap ? { shopperMap: true } : {}),
    });
  } catch (err) {
    if (err instanceof SiturecError) throw err;
    // A participant code or task id the study's schema refuses: named, in one line, not zod's issue list.
    const message = err instanceof z.ZodError ? formatZodIssues(err, { max: 3 }) : shortMessage(err);
    throw new SiturecError(`study ${id}: ${message}`, { exitCode: 2 });
  }
}

/**
 * Each model the study's assistants (and moderator) use answers one tiny request now, as `siturec
 * run` preflights its roles: a missing key or a dead endpoint is found before anyone is invited.
 */
async function preflightModels(made: Study): Promise<void> {
  const models = [...new Set([...made.assistants, made.moderator].filter(looksLikeModelId))];
  const client = new LlmClient({ noCache: true, maxRetries: 1 });
  for (const model of models) {
    try {
      await client.complete(pingRequest(model, "preflight"));
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      throw new SiturecError(`the model ${model} cannot be used: ${shortMessage(err)}`, {
        exitCode: err.kind === "missing_key" ? 2 : 1,
        hint: `${err.hint ?? `\`siturec ping ${model}\` checks it on its own`}; --no-preflight skips this check`,
      });
    }
  }
}

function registerShow(study: Command, io: CliIo): void {
  study
    .command("show")
    .description("a study's participants: tasks, progress and invite links")
    .argument("<id>", "study id")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--base <url>", "the server's address the links start with", "http://127.0.0.1:7575")
    .option("--json", "print JSON")
    .action(async (id: string, o: { dir: string; base: string; json?: boolean }) => {
      const store = openRunStore(o.dir, { readonly: true });
      try {
        const found = await requireStudy(store, id);
        const records = await new StudyStore(store).records(found);
        const base = o.base.replace(/\/$/, "");
        const rows = found.participants.map((p, i) => {
          const r = records[i]!;
          const done = r.interactions.filter((x) => x.status === "done").length;
          return {
            code: p.code,
            tasks: p.tasks,
            done,
            total: r.interactions.length,
            invite: p.revokedAt === undefined ? `${base}${invitePath(p.token)}` : null,
            revokedAt: p.revokedAt ?? null,
          };
        });
        if (o.json) {
          io.out(`${JSON.stringify({ ...found, progress: rows }, null, 2)}\n`);
          return;
        }
        io.out(
          `study ${found.id} (${found.env}, ${found.condition}): assistants ${found.assistants.map((a, k) => `${k + 1}. ${a}`).join(", ")}\n`,
        );
        io.out(
          `${formatTable(
            ["participant", "tasks", "done", "invite"],
            rows.map((r) => [
              r.code,
              r.tasks.join(", "),
              `${r.done}/${r.total}`,
              r.invite ?? `revoked ${r.revokedAt} (siturec study reissue gives a new one)`,
            ]),
          )}\n`,
        );
      } finally {
        await store.close();
      }
    });
}

function registerList(study: Command, io: CliIo): void {
  study
    .command("list")
    .description("the studies in a run store, with progress")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--json", "print JSON")
    .action(async (o: { dir: string; json?: boolean }) => {
      const store = openRunStore(o.dir, { readonly: true });
      try {
        const studies = new StudyStore(store);
        const rows = [];
        for (const s of await studies.list()) {
          const records = await studies.records(s);
          const all = records.flatMap((r) => r.interactions);
          rows.push({
            id: s.id,
            env: s.env,
            assistants: s.assistants.length,
            participants: s.participants.length,
            done: all.filter((x) => x.status === "done").length,
            total: all.length,
          });
        }
        if (o.json) io.out(`${JSON.stringify(rows, null, 2)}\n`);
        else if (!rows.length) io.out(`no studies in ${o.dir} (siturec study create makes one)\n`);
        else
          io.out(
            `${formatTable(
              ["study", "store", "assistants", "participants", "interactions done"],
              rows.map((r) => [r.id, r.env, r.assistants, r.participants, `${r.done}/${r.total}`]),
            )}\n`,
          );
      } finally {
        await store.close();
      }
    });
}

/** `study create`, `study show`, `study list`: the organiser's side of a study. */
export function registerStudyOrganiser(study: Command, io: CliIo): void {
  registerCreate(study, io);
  registerList(study, io);
  registerShow(study, io);
}
