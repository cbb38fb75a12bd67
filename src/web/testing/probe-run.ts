import { openRunStore } from "../../storage/open-run-store.js";
import type { Trajectory } from "../../trajectory/trajectory.js";

/** Markup an utterance may carry; the viewer must show it as text. */
export const PROBE_XSS = `<img src=x onerror=alert(1)>`;

/**
 * Copies a finished episode into a new run of the same store with `turns` turns (the episode's own,
 * repeated) and the first assistant utterance replaced: the 20-turn episode the performance target
 * names, and the XSS probe.
 */
export async function writeProbeRun(dir: string, source: Trajectory, runId: string, turns: number) {
  const store = openRunStore(dir);
  try {
    await store.createRun({
      id: runId,
      identity: runId,
      config: { env: source.header.env, condition: source.header.condition },
      identityParts: {},
      planned: 1,
    });
    const header = { ...source.header, runId };
    await store.startEpisode(header, 0, "probe");
    for (let i = 0; i < turns; i++) {
      const from = source.turns[i % source.turns.length]!;
      const record = structuredClone({ ...from, turn: i });
      if (i === 0) record.assistant.output.utterance = `Welcome! ${PROBE_XSS} Try the jam.`;
      record.termination = {
        ...record.termination,
        ended: i === turns - 1,
        reason: i === turns - 1 ? "turn_limit" : null,
      };
      const outcome =
        i === turns - 1 ? { ...source.outcome, turns, reason: "turn_limit" as const } : undefined;
      await store.writeTurn(header, record, outcome, "probe");
    }
  } finally {
    await store.close();
  }
}
