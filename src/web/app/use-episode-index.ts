import { useEffect, useState } from "preact/hooks";
import type { EpisodeIndex } from "../episode-index-types.js";
import { getJson, message } from "./api.js";

/** The address of a run's episode index (the same for the server and a static bundle). */
export const episodeIndexUrl = (run: string) => `/api/runs/${encodeURIComponent(run)}/episode-index`;

/** What a page has of some runs' episode indexes: all of them, or the first error. */
export interface LoadedIndexes {
  /** The indexes in the order of the runs asked for, once every one has loaded. */
  data: EpisodeIndex[] | undefined;
  error: string | undefined;
}

/**
 * Loads the runs' episode indexes, and again whenever `version` changes (the run page passes what it
 * polls of the run: an episode ended). What was shown stays on screen while the next one loads.
 */
export function useEpisodeIndexes(runs: string[], version = ""): LoadedIndexes {
  const key = runs.join(",");
  const [state, setState] = useState<LoadedIndexes & { key: string }>({
    key,
    data: undefined,
    error: undefined,
  });
  useEffect(() => {
    let stopped = false;
    Promise.all(runs.map((r) => getJson<EpisodeIndex>(episodeIndexUrl(r))))
      .then((data) => {
        if (!stopped) setState({ key, data, error: undefined });
      })
      .catch((err: unknown) => {
        if (!stopped)
          setState((s) => ({ key, data: s.key === key ? s.data : undefined, error: message(err) }));
      });
    return () => {
      stopped = true;
    };
  }, [key, version]);
  return state.key === key ? state : { data: undefined, error: undefined };
}
