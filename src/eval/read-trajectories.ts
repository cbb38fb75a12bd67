import { readFileSync } from "node:fs";
import { Trajectory } from "../episode/trajectory.js";
import { describeIssues } from "../llm/structured.js";
import { RunStore } from "../storage/run-store.js";

export class TrajectoryFileError extends Error {
  override readonly name = "TrajectoryFileError";
}

/** Reads exported trajectories (JSON lines, or one JSON array), validating each against the format. */
export function readTrajectoryFile(file: string): Trajectory[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new TrajectoryFileError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const trimmed = text.trimStart();
  const items: { where: string; raw: string }[] = trimmed.startsWith("[")
    ? []
    : text
        .split("\n")
        .map((raw, i) => ({ where: `${file}:${i + 1}`, raw }))
        .filter((l) => l.raw.trim());
  let values: { where: string; value: unknown }[];
  try {
    values = trimmed.startsWith("[")
      ? (JSON.parse(text) as unknown[]).map((value, i) => ({ where: `${file}[${i}]`, value }))
      : items.map((l) => ({ where: l.where, value: JSON.parse(l.raw) as unknown }));
  } catch (err) {
    throw new TrajectoryFileError(`${file}: not JSON lines or a JSON array: ${(err as Error).message}`);
  }
  return values.map(({ where, value }) => {
    const parsed = Trajectory.safeParse(value);
    if (!parsed.success)
      throw new TrajectoryFileError(`${where}: not a siturec trajectory: ${describeIssues(parsed.error)}`);
    return parsed.data;
  });
}

/** The finished trajectories of runs in a run store. */
export function readRuns(dir: string, runIds: string[]): Trajectory[] {
  const store = new RunStore(dir);
  try {
    return runIds.flatMap((id) => {
      if (!store.getRun(id))
        throw new TrajectoryFileError(`no run '${id}' in ${dir}; 'siturec runs --dir ${dir}' lists them`);
      return [...store.trajectories(id)];
    });
  } finally {
    store.close();
  }
}
