import { openRunStore } from "../../storage/open-run-store.js";
import type { EpisodeOutcome, Trajectory } from "../../trajectory/trajectory.js";

/** Words put into some episodes' utterances, so a search finds a few episodes among many. */
export const LARGE_RUN_WORDS = ["oat milk", "gluten", "cashews", "espresso", "basil"];

const REASONS = ["turn_limit", "moderator_stop", "motion_stall"] as const;

/**
 * Writes a run of `episodes` ended episodes made from one real trajectory (its turns repeated), varied
 * the way a real run varies: 3 to 20 turns, two in three succeed, the failures end for one of three
 * reasons, one in fifty is a failed attempt, the cost grows with the episode, and one in ten says one
 * of `LARGE_RUN_WORDS` at some turn. Deterministic: the same arguments write the same run. The
 * 1,000-episode run the viewer's episodes benchmark measures.
 */
export async function writeLargeRun(dir: string, source: Trajectory, runId: string, episodes: number) {
  const store = openRunStore(dir);
  try {
    await store.createRun({
      id: runId,
      identity: runId,
      config: { env: source.header.env, condition: source.header.condition, agents: source.header.agents },
      identityParts: {},
      planned: episodes,
    });
    for (let i = 0; i < episodes; i++) {
      const header = { ...source.header, runId, task: { ...source.header.task, id: `large-${i}` } };
      await store.startEpisode(header, i, "large");
      if (i % 50 === 49) {
        const failed = { ...source.outcome, reason: "error" as const, success: false, turns: 0 };
        await store.failEpisode(header, { ...failed, error: "synthetic failure" }, "large");
        continue;
      }
      const turns = 3 + ((i * 7) % 18);
      const success = i % 3 !== 0;
      for (let t = 0; t < turns; t++) {
        const record = structuredClone({ ...source.turns[t % source.turns.length]!, turn: t });
        if (i % 10 === 0 && t === turns >> 1)
          record.shopper.output.utterance += ` Do you have ${LARGE_RUN_WORDS[(i / 10) % LARGE_RUN_WORDS.length]}?`;
        const last = t === turns - 1;
        const reason = success ? "success_cart_added" : REASONS[i % REASONS.length]!;
        record.termination = { ...record.termination, ended: last, reason: last ? reason : null };
        const outcome: EpisodeOutcome | undefined = last
          ? {
              ...source.outcome,
              turns,
              reason,
              success,
              purchased: success ? source.outcome.purchased : null,
              purchasedReference: success && source.outcome.purchasedReference,
              usage: {
                ...source.outcome.usage,
                assistant: { ...source.outcome.usage.assistant, costUsd: i / 1000 },
              },
            }
          : undefined;
        await store.writeTurn(header, record, outcome, "large");
      }
    }
  } finally {
    await store.close();
  }
}
