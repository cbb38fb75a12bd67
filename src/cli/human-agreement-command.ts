import type { Command } from "commander";
import type { Table } from "../eval/report/write-report.js";
import { openRunStore } from "../storage/open-run-store.js";
import { requireRun } from "../storage/require-run.js";
import type { RunStore } from "../storage/run-store.js";
import {
  figure5Correlations,
  figure5Means,
  table4Correlations,
  table4Means,
} from "../study/agreement/agreement-tables.js";
import { type HumanAgreement, humanAgreement } from "../study/agreement/human-agreement.js";
import type { SimRun } from "../study/agreement/sim-runs.js";
import { writeAgreement } from "../study/agreement/write-agreement.js";
import type { Study } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { humanTrajectories } from "../study/study-trajectories.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { requireStudy } from "./study-lookup.js";
import { formatTable } from "./table.js";

interface AgreementOptions {
  sim: string[];
  dir: string;
  json?: boolean;
  out?: string;
}

/** The simulated runs' finished trajectories in the study's store (a run may cover both stores). */
async function loadSims(store: RunStore, study: Study, runs: readonly string[]): Promise<SimRun[]> {
  const sims: SimRun[] = [];
  for (const run of new Set(runs)) {
    await requireRun(store, run, "situ-rec");
    const trajectories = [];
    for await (const t of store.trajectories(run)) if (t.header.env === study.env) trajectories.push(t);
    sims.push({ run, trajectories });
  }
  return sims;
}

async function compare(opts: AgreementOptions, id: string): Promise<HumanAgreement> {
  const store = openRunStore(opts.dir, { readonly: true });
  try {
    const study = await requireStudy(store, id);
    const records = await new StudyStore(store).records(study);
    const human = await humanTrajectories(store, study, records);
    return humanAgreement({ study, human, sim: await loadSims(store, study, opts.sim) });
  } finally {
    await store.close();
  }
}

const section = (title: string, t: Table) =>
  `\n${title}\n${formatTable(
    t.headers,
    t.rows.map((r) => r.cells),
  )}`;

function agreementText(a: HumanAgreement): string {
  const count = (side: "human" | "sim") => a.table4.rows.reduce((s, r) => s + r[side].trajectories, 0);
  return [
    `study ${a.study} · ${a.env} · ${a.condition} · ${a.assistants.length} of ${a.assistants.length + a.unmatched.study.length} assistants matched · ${count("human")} human and ${count("sim")} simulated trajectories\n`,
    section("Table 4: human vs simulated users, across assistants", table4Correlations(a)),
    section(
      "Assistant means (N trajectories; automatic metrics in %, judge ratings 1–5)",
      table4Means(a.table4),
    ),
    section(
      "Figure 5: questionnaire vs LLM judge on the same human trajectories (1–5)",
      figure5Means(a.figure5),
    ),
    section("Figure 5: agreement across assistants", figure5Correlations(a.figure5)),
  ].join("");
}

export function registerHumanAgreement(program: Command, io: CliIo): void {
  program
    .command("human-agreement")
    .description(
      "compare a human-evaluation study with simulated-user runs of its assistants: the paper's Table 4 (human vs simulated means, Pearson and Spearman) and Figure 5 (questionnaire vs LLM judge)",
    )
    .argument("<study>", "study id")
    .requiredOption(
      "--sim <runs...>",
      "simulated-user runs (see siturec runs), matched to the study's assistants by assistant id; runs of the same assistant are pooled",
    )
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--json", "print one JSON object (docs/human-evaluation.md)")
    .option("--out <dir>", "also write table4.md/.csv, figure5.md/.csv and figure5.svg/.png there")
    .action(async (id: string, opts: AgreementOptions) => {
      const a = await compare(opts, id);
      io.out(opts.json ? `${JSON.stringify(a, null, 2)}\n` : agreementText(a));
      for (const note of a.notes) io.err(`note: ${note}\n`);
      if (opts.out) {
        const files = await writeAgreement(a, opts.out);
        io.err(`wrote ${files.join(", ")} to ${opts.out}\n`);
      }
    });
}
