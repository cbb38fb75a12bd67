import { createWriteStream, type WriteStream, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { openRunStore } from "../storage/open-run-store.js";
import { studyExportLine } from "../study/study-export.js";
import { StudyStore } from "../study/study-store.js";
import { humanTrajectories } from "../study/study-trajectories.js";
import { studyOverview, studyResults } from "../web/study-overview.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { registerStudyOrganiser } from "./study-create-command.js";
import { registerStudyInvites } from "./study-invite-command.js";
import { requireStudy } from "./study-lookup.js";
import { registerStudySimulate } from "./study-simulate-command.js";

export { studyExportLine } from "../study/study-export.js";

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
    .option(
      "--results",
      "write the study's results as one JSON document instead: each participant's invite state, profile, and every interaction's status, timings, outcome and answers (no trajectories, no invite links)",
    )
    .action(async (id: string, opts: { dir: string; out?: string; results?: boolean }) => {
      const store = openRunStore(opts.dir, { readonly: true });
      try {
        const found = await requireStudy(store, id);
        const records = await new StudyStore(store).records(found);
        if (opts.results) {
          const text = `${JSON.stringify(studyResults(studyOverview(found, records, { turns: new Map() })), null, 2)}\n`;
          if (opts.out) {
            writeFileSync(opts.out, text);
            io.err(`wrote the results of study ${id} to ${opts.out}\n`);
          } else io.out(text);
          return;
        }
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
  registerStudyInvites(study, io);
}
