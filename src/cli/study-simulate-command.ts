import { join } from "node:path";
import type { Command } from "commander";
import pLimit from "p-limit";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { looksLikeModelId } from "../agents/role-registry.js";
import { SiturecError } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import { LlmClient } from "../llm/client.js";
import { type ProgressCounters, zeroProgress } from "../runner/resumed-progress.js";
import { openRunStore } from "../storage/open-run-store.js";
import { isPostgresUrl } from "../storage/postgres-run-store.js";
import { httpParticipant } from "../study/participant-client.js";
import type { ParticipantState } from "../study/participant-view.js";
import { llmRater, ruleRater } from "../study/raters.js";
import { simulateParticipant } from "../study/simulated-participant.js";
import type { Study, StudyParticipant } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { startWebServer } from "../web/server.js";
import { invitePath } from "../web/study-routes.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { ProgressReporter } from "./progress-bar.js";
import { requireStudy } from "./study-lookup.js";
import { parseInteger } from "./tasks-command.js";

interface SimulateFlags {
  shopper: string;
  rater?: string;
  participants?: string;
  url?: string;
  adminToken?: string;
  concurrency: number;
  dir: string;
  quiet?: boolean;
}

/**
 * `siturec study simulate`: plays a study's participants with a shopper simulator through the same
 * participant API people use (invite link, profile, blinded assistants, questionnaire), so the whole
 * pipeline can be run and checked without people.
 */
export function registerStudySimulate(study: Command, io: CliIo, isTty: () => boolean): void {
  study
    .command("simulate")
    .description("play a study's participants with a simulated shopper through the participant API")
    .argument("<id>", "study id")
    .option("--shopper <id>", "the shopper simulator: rule or a model id", "rule")
    .option("--rater <id>", "who answers the questionnaire: rule or a model id (default: the shopper's)")
    .option("--participants <codes>", "only these coded participants (comma-separated)")
    .option("--url <url>", "a running 'siturec serve' to play against (default: one started here)")
    .option(
      "--admin-token <token>",
      "with --url: that server's organiser token, for each task and persona a simulated participant plays (default $SITUREC_ADMIN_TOKEN)",
      process.env.SITUREC_ADMIN_TOKEN,
    )
    .option("--concurrency <n>", "participants at once", parseInteger, 1)
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--quiet", "no progress output")
    .action((id: string, flags: SimulateFlags) => simulateAction(id, flags, io, isTty));
}

/**
 * The participants to play: all of the study's whose invite works, or those `--participants` names
 * (each must exist and hold a working invite).
 */
function chooseParticipants(found: Study, id: string, flags: SimulateFlags): StudyParticipant[] {
  const codes = flags.participants?.split(",").map((c) => c.trim());
  const unknown = codes?.filter((c) => !found.participants.some((p) => p.code === c)) ?? [];
  if (unknown.length)
    throw new SiturecError(`--participants: no participant ${unknown.join(", ")} in study ${id}`, {
      exitCode: 2,
    });
  const revoked = found.participants.filter((p) => codes?.includes(p.code) && p.revokedAt !== undefined);
  if (revoked.length)
    throw new SiturecError(
      `--participants: the invite of ${revoked.map((p) => p.code).join(", ")} is revoked`,
      { exitCode: 2, hint: `siturec study reissue ${id} CODE gives a participant a new one` },
    );
  return found.participants.filter((p) => (!codes || codes.includes(p.code)) && p.revokedAt === undefined);
}

/** How many interactions each participant had done before (a simulation stopped half-way continues). */
async function doneBefore(dir: string, found: Study): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const before = openRunStore(dir, { readonly: true });
  try {
    const records = await new StudyStore(before).records(found);
    for (const r of records) seen.set(r.code, r.interactions.filter((i) => i.status === "done").length);
  } finally {
    await before.close();
  }
  return seen;
}

/** Counts each participant's steps into the progress line: turns, rated successes, interactions done. */
function progressFollower(figures: ProgressCounters, seen: Map<string, number>, reporter?: ProgressReporter) {
  const started = performance.now();
  const rated = new Set<string>();
  return (code: string) => (s: ParticipantState) => {
    if (s.stage === "playing") figures.turns++;
    const key = `${code}/${s.interaction?.index}`;
    if (s.stage === "questionnaire" && !rated.has(key)) {
      rated.add(key);
      if (s.interaction?.outcome?.success) figures.successes++;
    }
    const done = s.progress.done;
    if (done > (seen.get(code) ?? 0)) {
      figures.done += done - (seen.get(code) ?? 0);
      seen.set(code, done);
      figures.elapsedMs = performance.now() - started;
      reporter?.update(figures);
    }
  };
}

async function simulateAction(
  id: string,
  flags: SimulateFlags,
  io: CliIo,
  isTty: () => boolean,
): Promise<void> {
  if (flags.url && !flags.adminToken)
    throw new SiturecError(
      "--url needs that server's organiser token (--admin-token or SITUREC_ADMIN_TOKEN)",
      {
        exitCode: 2,
        hint: "a simulated participant reads its task and persona through an organiser route; people's pages never get them",
      },
    );
  const store = openRunStore(flags.dir, { readonly: true });
  const found = await requireStudy(store, id).finally(() => store.close().catch(() => {}));
  const chosen = chooseParticipants(found, id, flags);
  const raterId = flags.rater ?? flags.shopper;
  const client = new LlmClient(isPostgresUrl(flags.dir) ? {} : { cacheDir: join(flags.dir, "cache") });
  const reporter = flags.quiet ? undefined : new ProgressReporter(io.err, isTty(), "SR");
  const figures = zeroProgress(id, chosen.length * found.assistants.length * (chosen[0]?.tasks.length ?? 0));
  client.onCall(({ response }) => {
    figures.inputTokens += response.inputTokens;
    figures.outputTokens += response.outputTokens;
    figures.costUsd += response.costUsd;
  });
  const seen = await doneBefore(flags.dir, found);
  figures.done = chosen.reduce((s, p) => s + (seen.get(p.code) ?? 0), 0);
  reporter?.start(figures.done);
  const onStep = progressFollower(figures, seen, reporter);
  const server = flags.url ? undefined : await startWebServer({ dir: flags.dir, port: 0 });
  const adminToken = flags.adminToken ?? server!.adminToken;
  const base = (flags.url ?? server!.url).replace(/\/$/, "");
  try {
    const knowledge = await StoreKnowledge.load(found.env as EnvId);
    const prompts = builtinPrompts();
    const rate = looksLikeModelId(raterId) ? llmRater(client, raterId) : ruleRater;
    const limit = pLimit(Math.max(1, flags.concurrency));
    const results = await Promise.all(
      chosen.map((p) =>
        limit(() =>
          simulateParticipant(httpParticipant(`${base}${invitePath(p.token)}`, { adminToken }), {
            shopper: flags.shopper,
            knowledge,
            client,
            prompts,
            rate,
            onStep: onStep(p.code),
          }),
        ),
      ),
    );
    const done = results.reduce((s, r) => s + r.progress.done, 0);
    io.out(
      `study ${id}: ${done} interactions done by ${results.length} simulated participants (${flags.shopper})\n`,
    );
    io.out(`agreement: siturec human-agreement ${id} --sim RUN… --store ${flags.dir}\n`);
  } finally {
    await server?.close();
  }
}
