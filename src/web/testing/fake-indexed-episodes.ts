import type { EpisodeIndex, IndexedEpisode, IndexedTurn } from "../episode-index-types.js";

/** A turn of an episode index: greets, expects nothing, the shopper idles; `patch` changes any of it. */
export function fakeTurn(patch: Partial<IndexedTurn> = {}): IndexedTurn {
  return {
    acts: ["Greet"],
    expected: "idle",
    action: "idle",
    target: null,
    top: "sm-001",
    ended: false,
    assistant: "Hi, welcome!",
    shopper: "Hello.",
    ...patch,
  };
}

/** An ended, successful episode of `turns` fake turns (the last one ending it); `patch` changes any of it. */
export function fakeEpisode(patch: Partial<IndexedEpisode> = {}, turns = 3): IndexedEpisode {
  const steps = patch.steps ?? Array.from({ length: turns }, (_, i) => fakeTurn({ ended: i === turns - 1 }));
  return {
    env: "supermarket",
    taskId: "sm-01.1",
    position: 0,
    status: "finished",
    reason: "success_cart_added",
    success: true,
    turns: steps.length,
    recommendations: 1,
    costUsd: 0,
    error: null,
    purchased: "sm-001",
    referenceHit: true,
    decision: null,
    acts: [...new Set(steps.flatMap((s) => s.acts))].sort(),
    actions: [...new Set(steps.flatMap((s) => (s.action ? [s.action] : [])))].sort(),
    steps,
    ...patch,
  };
}

/** A run's episode index holding `episodes`. */
export function fakeIndex(id: string, episodes: IndexedEpisode[]): EpisodeIndex {
  return {
    run: {
      id,
      benchmark: "situ-rec",
      env: "supermarket",
      condition: "full",
      assistant: "reference",
      shopper: "rule",
      moderator: "rule",
    },
    version: "v",
    episodes,
  };
}
