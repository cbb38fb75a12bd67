import { readFileSync } from "node:fs";
import { SiturecError } from "../core/errors.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { openRunStore } from "../storage/open-run-store.js";
import { Trajectory } from "../trajectory/trajectory.js";

export class TrajectoryFileError extends SiturecError {
  override readonly name = "TrajectoryFileError";
  constructor(message: string, opts: { hint?: string } = {}) {
    super(message, { ...opts, exitCode: 2 });
  }
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
  const parse = (where: string, raw: string): unknown => {
    try {
      return JSON.parse(raw) as unknown;
    } catch (err) {
      throw new TrajectoryFileError(`${where}: not JSON: ${(err as Error).message}`, {
        hint: "a trajectory file holds one JSON trajectory per line (siturec export) or one JSON array",
      });
    }
  };
  const values: { where: string; value: unknown }[] = trimmed.startsWith("[")
    ? (parse(file, text) as unknown[]).map((value, i) => ({ where: `${file}[${i}]`, value }))
    : items.map((l) => ({ where: l.where, value: parse(l.where, l.raw) }));
  return values.map(({ where, value }) => {
    const parsed = Trajectory.safeParse(value);
    if (!parsed.success)
      throw new TrajectoryFileError(`${where}: not a siturec trajectory: ${formatZodIssues(parsed.error)}`);
    return parsed.data;
  });
}

/** The finished trajectories of runs in a run store. */
export async function readRuns(dir: string, runIds: string[]): Promise<Trajectory[]> {
  const store = openRunStore(dir, { readonly: true });
  try {
    const out: Trajectory[] = [];
    for (const id of runIds) {
      const run = await store.getRun(id);
      if (!run)
        throw new TrajectoryFileError(`no run '${id}' in ${dir}`, {
          hint: `'siturec runs --store ${dir}' lists them`,
        });
      if (run.benchmark !== "situ-rec")
        throw new TrajectoryFileError(`run ${id} is a ${run.benchmark} run, not a SituRecBench one`, {
          hint: `siturec ${run.benchmark} evaluate ${id} evaluates it`,
        });
      for await (const t of store.trajectories(id)) out.push(t);
    }
    return out;
  } finally {
    await store.close();
  }
}
