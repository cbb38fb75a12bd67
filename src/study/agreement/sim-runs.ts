import { SiturecError } from "../../core/errors.js";
import type { Trajectory } from "../../trajectory/trajectory.js";

/** A simulated-user run given with `--sim`: its finished trajectories in the study's store. */
export interface SimRun {
  run: string;
  trajectories: Trajectory[];
}

/** The one assistant a simulated run played (the id its trajectories record). */
export function simAssistant(sim: SimRun, env: string): string {
  const ids = [...new Set(sim.trajectories.map((t) => t.header.agents.assistant))];
  if (!ids.length)
    throw new SiturecError(`run ${sim.run} has no finished trajectories in the ${env} store`, {
      exitCode: 2,
      hint: "compare with a run of the study's store (siturec run --env ENV)",
    });
  if (ids.length > 1)
    throw new SiturecError(`run ${sim.run} holds ${ids.length} assistants (${ids.join(", ")})`, {
      exitCode: 2,
      hint: "give one run per assistant; several runs of the same assistant are pooled",
    });
  return ids[0]!;
}

/** The simulated trajectories by assistant id: runs of the same assistant pooled. */
export function simByAssistant(sims: readonly SimRun[], env: string): Map<string, Trajectory[]> {
  const by = new Map<string, Trajectory[]>();
  for (const sim of sims) {
    const id = simAssistant(sim, env);
    by.set(id, [...(by.get(id) ?? []), ...sim.trajectories]);
  }
  return by;
}
