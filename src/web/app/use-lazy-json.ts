import { useEffect, useState } from "preact/hooks";
import { getJson, type Loaded } from "./api.js";

/** Answers already asked for, by URL: stepping back to a turn shows its calls at once. */
const answers = new Map<string, Promise<unknown>>();

/**
 * Loads `url` once `enabled` (a panel opened), not before: what a closed panel would show costs
 * nothing. An answer is kept for the page's life (an ended episode's calls do not change); a failed
 * one is asked again next time.
 */
export function useLazyJson<T>(url: string, enabled: boolean): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { url: string }>({ url, data: undefined, error: undefined });
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let answer = answers.get(url) as Promise<T> | undefined;
    if (!answer) {
      answer = getJson<T>(url);
      answers.set(url, answer);
      answer.catch(() => answers.delete(url));
    }
    answer.then(
      (data) => !stopped && setState({ url, data, error: undefined }),
      (err: unknown) =>
        !stopped &&
        setState({ url, data: undefined, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      stopped = true;
    };
  }, [url, enabled]);
  return state.url === url ? state : { data: undefined, error: undefined };
}
