import { useEffect, useState } from "preact/hooks";

/** GETs a JSON endpoint of the server; a non-2xx answer is an Error with the server's message. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${res.status} ${res.statusText}`);
  return body as T;
}

/** POSTs JSON to the server; a non-2xx answer is an Error with the server's message. */
export async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new Error(json.error ?? `${res.status} ${res.statusText}`);
  return json as T;
}

/** An error's message, for the page. */
export const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
}

/**
 * Loads `url`, and again every `pollMs` while `poll(data)` says so (a run in progress): the page
 * updates live without a reload. What was loaded for another URL is never returned: right after the
 * address changes (another episode), the page shows "loading", not the last episode under the new name.
 */
export function useJson<T>(url: string, pollMs = 0, poll: (data: T) => boolean = () => true): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { url: string }>({ url, data: undefined, error: undefined });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const data = await getJson<T>(url);
        if (stopped) return;
        setState({ url, data, error: undefined });
        if (pollMs > 0 && poll(data)) timer = setTimeout(load, pollMs);
      } catch (err) {
        if (stopped) return;
        const error = err instanceof Error ? err.message : String(err);
        setState((s) => ({ url, data: s.url === url ? s.data : undefined, error }));
        if (pollMs > 0) timer = setTimeout(load, pollMs * 2);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url, pollMs]);
  return state.url === url ? state : { data: undefined, error: undefined };
}

/**
 * The URL the page loads a server file from (`/api/maps/…svg`, `/api/leaderboard/charts/…svg`): every
 * `<img>` or link to an `/api/` file goes through it, so a static bundle can point it elsewhere.
 */
export const assetUrl = (path: string) => path;

/** The URL of a stored image (content-addressed PNG). */
export const imageUrl = (hash: string) => assetUrl(`/api/images/${hash}`);
