import { useEffect, useState } from "preact/hooks";
import {
  assetFile,
  BUNDLE_GLOBAL,
  type BundleInfo,
  bundleKey,
  DATA_CALLBACK,
  dataFile,
} from "../bundle/bundle-format.js";

/** The page's globals in a static bundle (`src/web/bundle/bundle-format.ts`). */
interface BundleGlobals {
  [BUNDLE_GLOBAL]?: BundleInfo;
  [DATA_CALLBACK]?: (key: string, answer: unknown) => void;
}

const bundle = (globalThis as BundleGlobals)[BUNDLE_GLOBAL];

/**
 * Whether the app runs from a static bundle (`siturec view bundle`): every answer is read from the
 * bundle's files, nothing is polled or posted, and what needs the server (studies) is not there.
 */
export const inBundle = bundle !== undefined;

/** Answers on their way from a bundle's data file, by URL key; and those loaded (pages revisit them). */
const waiting = new Map<string, (answer: unknown) => void>();
const loaded = new Map<string, Promise<unknown>>();
if (bundle) (globalThis as BundleGlobals)[DATA_CALLBACK] = (key, answer) => waiting.get(key)?.(answer);

/** Why a bundle has no answer for a URL. */
const missing = (url: string) =>
  /^\/api\/(admin|p)\//.test(url)
    ? "studies are not in a static bundle (they need 'siturec serve')"
    : `not in this static bundle (${url})`;

/** Reads an answer from the bundle: its data file, loaded as a classic script (allowed from file://). */
function fromBundle(url: string): Promise<unknown> {
  const key = bundleKey(url);
  let answer = loaded.get(key);
  if (answer) return answer;
  answer = new Promise((resolve, reject) => {
    const script = document.createElement("script");
    const done = (err?: Error) => {
      waiting.delete(key);
      script.remove();
      if (err) reject(err);
    };
    waiting.set(key, (value) => {
      done();
      resolve(value);
    });
    script.src = dataFile(key);
    script.onerror = () => done(new Error(missing(url)));
    script.onload = () => waiting.has(key) && done(new Error(`${script.src} does not hold ${url}`));
    document.head.append(script);
  });
  loaded.set(key, answer);
  answer.catch(() => loaded.delete(key));
  return answer;
}

/** GETs a JSON endpoint of the server; a non-2xx answer is an Error with the server's message. */
export async function getJson<T>(url: string): Promise<T> {
  if (bundle) return (await fromBundle(url)) as T;
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
  if (bundle) throw new Error("a static bundle is read-only: open this page on 'siturec serve'");
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
        // A bundle never changes: nothing to poll.
        if (pollMs > 0 && !bundle && poll(data)) timer = setTimeout(load, pollMs);
      } catch (err) {
        if (stopped) return;
        const error = err instanceof Error ? err.message : String(err);
        setState((s) => ({ url, data: s.url === url ? s.data : undefined, error }));
        if (pollMs > 0 && !bundle) timer = setTimeout(load, pollMs * 2);
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
 * `<img>` or link to an `/api/` file goes through it, so a static bundle points it at its own file
 * (a relative path, which works from disk and from any folder of a static host).
 */
export const assetUrl = (path: string) => (bundle && path.startsWith("/api/") ? assetFile(path) : path);

/** The URL of a stored image (content-addressed PNG). */
export const imageUrl = (hash: string) => assetUrl(`/api/images/${hash}`);
