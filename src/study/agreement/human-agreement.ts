import { SiturecError } from "../../core/errors.js";
import type { Trajectory } from "../../trajectory/trajectory.js";
import type { Study } from "../study-spec.js";
import type { HumanTrajectory } from "../study-trajectories.js";
import { agreementNotes } from "./agreement-notes.js";
import { type Figure5, figure5, type RatedTrajectory } from "./figure5.js";
import { judgeScoresOf } from "./judge-scores.js";
import { type SimRun, simAssistant, simByAssistant } from "./sim-runs.js";
import { type Table4, table4 } from "./table4.js";

/** The study's agreement with simulation (`siturec human-agreement`): Table 4 and Figure 5 of the paper. */
export interface HumanAgreement {
  study: string;
  env: string;
  condition: string;
  /** The study's assistants that a simulated run played too (study order): Table 4's rows. */
  assistants: string[];
  unmatched: { study: string[]; sim: { run: string; assistant: string }[] };
  table4: Table4;
  figure5: Figure5;
  notes: string[];
}

export interface AgreementInput {
  study: Study;
  human: readonly HumanTrajectory[];
  /** Each run's finished trajectories in the study's store. */
  sim: readonly SimRun[];
}

function humanByAssistant(study: Study, human: readonly HumanTrajectory[]): Map<string, Trajectory[]> {
  const by = new Map<string, Trajectory[]>();
  for (const h of human) {
    const id = study.assistants[h.interaction.assistant];
    if (id !== undefined) by.set(id, [...(by.get(id) ?? []), h.trajectory]);
  }
  return by;
}

function ratedOf(study: Study, human: readonly HumanTrajectory[]): RatedTrajectory[] {
  return human.flatMap((h) => {
    const assistant = study.assistants[h.interaction.assistant];
    return assistant !== undefined && h.interaction.answers
      ? [{ assistant, answers: h.interaction.answers, trajectory: h.trajectory }]
      : [];
  });
}

/** Matches simulated runs to the study's assistants by id and compares them (errors when nothing can be compared). */
export function humanAgreement({ study, human, sim }: AgreementInput): HumanAgreement {
  if (!human.length)
    throw new SiturecError(`study ${study.id} has no finished interactions yet: nothing to compare`);
  const simBy = simByAssistant(sim, study.env);
  const assistants = study.assistants.filter((a) => simBy.has(a));
  if (!assistants.length)
    throw new SiturecError(
      `no assistant in common: the study has ${study.assistants.join(", ")}; the runs played ${[...simBy.keys()].join(", ")}`,
      { exitCode: 2, hint: "give --sim runs whose assistant ids are the study's (siturec runs lists them)" },
    );
  const t4 = table4(assistants, humanByAssistant(study, human), simBy);
  const f5 = figure5(study.assistants, ratedOf(study, human));
  const unmatched = {
    study: study.assistants.filter((a) => !simBy.has(a)),
    sim: sim
      .map((s) => ({ run: s.run, assistant: simAssistant(s, study.env) }))
      .filter((s) => !study.assistants.includes(s.assistant)),
  };
  const simConditions = sim.map((s) => ({ run: s.run, condition: s.trajectories[0]!.header.condition }));
  return {
    study: study.id,
    env: study.env,
    condition: study.condition,
    assistants,
    unmatched,
    table4: t4,
    figure5: f5,
    notes: agreementNotes({
      study: study.id,
      condition: study.condition,
      table4: t4,
      figure5: f5,
      unmatchedStudy: unmatched.study,
      unmatchedSim: unmatched.sim,
      simConditions,
      human: {
        trajectories: human.length,
        judged: human.filter((h) => judgeScoresOf(h.trajectory)).length,
      },
    }),
  };
}
