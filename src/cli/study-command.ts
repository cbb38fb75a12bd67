import { createWriteStream, type WriteStream } from "node:fs";
import type { Command } from "commander";
import { openRunStore } from "../storage/open-run-store.js";
import { StudyStore } from "../study/study-store.js";
import { type HumanTrajectory, humanTrajectories } from "../study/study-trajectories.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { registerStudyOrganiser } from "./study-create-command.js";
import { requireStudy } from "./study-lookup.js";
import { registerStudySimulate } from "./study-simulate-command.js";

/** An export line: the stored trajectory as `siturec export` writes it, with who played it and what they answered. */
export function studyExportLine(h: HumanTrajectory): Record<string, unknown> {
  return {
    ...h.trajectory,
    participant: {
      study: h.record.study,
      code: h.record.code,
      profile: h.record.profile ?? null,
      letter: h.interaction.letter,
    },
    questionnaire: h.interaction.answers ?? null,
  };
}

const closed = (file: WriteStream) =>
  new Promise<void>((resolve, reject) => file.end((err?: Error | null) => (err ? reject(err) : resolve())));

/** `siturec study export`: one JSON line per finished (played and rated) interaction. */
function registerStudyExport(study: Command, io: CliIo): void {
  study
    .command("export")
    .description(
      "write a study's finished interactions as JSON lines: each stored trajectory with the participant (coded) and their questionnaire answers",
    )
    .argument("<study>", "study id")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--out <file>", "write to a file instead of stdout")
    .action(async (id: string, opts: { dir: string; out?: string }) => {
      const store = openRunStore(opts.dir, { readonly: true });
      try {
        const found = await requireStudy(store, id);
        const records = await new StudyStore(store).records(found);
        const done = (await humanTrajectories(store, found, records)).filter(
          (h) => h.interaction.status === "done",
        );
        const file = opts.out ? createWriteStream(opts.out) : undefined;
        for (const h of done) {
          const line = `${JSON.stringify(studyExportLine(h))}\n`;
          if (file) file.write(line);
          else io.out(line);
        }
        if (file) {
          await closed(file);
          io.err(`wrote ${done.length} interactions of study ${id} to ${opts.out}\n`);
        }
      } finally {
        await store.close();
      }
    });
}

/** `siturec study …`: human-evaluation studies (one register function per subcommand). */
export function registerStudy(program: Command, io: CliIo, isTty: () => boolean = () => false): void {
  const study = program.command("study").description("human-evaluation studies (paper §3.4, Appendix C.2)");
  registerStudyOrganiser(study, io);
  registerStudySimulate(study, io, isTty);
  registerStudyExport(study, io);
}
