/**
 * How a static bundle (`siturec view bundle`) lays out the server's answers, shared by the writer
 * (Node) and the app (the browser): no Node imports here. Every file's name is a pure function of the
 * API URL it holds, so the app finds any answer without a list of them: a JSON answer is a classic
 * script under `data/` that hands it to a global function (a page opened from `file://` may not fetch
 * files, but may load scripts), any other answer a file under `images/` or `files/`.
 */

/** The global `data/bundle.js` sets, before the app's script runs: the bundle's `BundleInfo`. */
export const BUNDLE_GLOBAL = "siturecBundle";

/** The global function each data file calls with its URL's key and the server's answer. */
export const DATA_CALLBACK = "siturecBundleData";

/** What `data/bundle.js` says about the bundle (the app reads it to know it is in one). */
export interface BundleInfo {
  /** The layout's version (this file's rules). */
  format: 1;
  /** The siturec version that wrote it. */
  siturec: string;
  /** The runs it holds, as given. */
  runs: string[];
}

/** `siturec-bundle.json` at the bundle's root: what it holds, and the mark of a folder that is a bundle. */
export interface BundleManifest extends BundleInfo {
  /** Every API URL saved (its key, see `bundleKey`) and the file that holds its answer, by URL. */
  files: Record<string, string>;
}

/** The bundle's manifest file, at its root. */
export const MANIFEST_FILE = "siturec-bundle.json";

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * One URL as the bundle knows it: each path segment percent-encoded as `encodeURIComponent` does, the
 * query's parameters sorted. Two spellings of the same request (`%3a` or `:`, parameters in another
 * order) have the same key.
 */
export function bundleKey(url: string): string {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  const query = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
  const segments = path.split("/").map((s) => encodeURIComponent(decode(s)));
  const params = [...query].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const q = new URLSearchParams(params).toString();
  return `${segments.join("/")}${q ? `?${q}` : ""}`;
}

const SAFE = /^[a-z0-9_-]$/;
const utf8 = new TextEncoder();

/**
 * A text as a file-name part that needs no escaping in a URL, stays distinct on a file system that
 * ignores case, and is never `.` or `..`: lower-case letters, digits, `_`, `-` and inner dots stay,
 * every other byte of its UTF-8 becomes `~XX` (upper-case hex).
 */
export function escapeName(text: string): string {
  let out = "";
  for (const [i, ch] of [...text].entries()) {
    if (SAFE.test(ch) || (ch === "." && i > 0)) out += ch;
    else for (const b of utf8.encode(ch)) out += `~${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The path segments after `/api/` (decoded) and the query, of a URL's key. */
function partsOf(url: string): { segments: string[]; query: string } {
  const key = bundleKey(url);
  const at = key.indexOf("?");
  const path = at < 0 ? key : key.slice(0, at);
  const segments = path
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .map(decode);
  return { segments, query: at < 0 ? "" : key.slice(at) };
}

/** The file a JSON answer is saved in: `/api/runs/a:b?x=1` → `data/runs/a~3Ab~3Fx~3D1.js`. */
export function dataFile(url: string): string {
  const { segments, query } = partsOf(url);
  const names = segments.map(escapeName);
  names[names.length - 1] = `${names.at(-1) ?? "index"}${escapeName(query)}`;
  return `data/${names.join("/")}.js`;
}

const IMAGE = /^\/api\/images\/([0-9a-f]{64})(\.png)?$/;

/** The extensions of the files the API serves (a task id such as `sm-01.1` has no extension). */
const FILE_EXT = /\.(svg|png|jpe?g|webp|gif|woff2|csv|md|txt|jsonl)$/i;

/**
 * The file any other answer is saved in: a stored image `/api/images/HASH` → `images/HASH.png`; else
 * under `files/`, keeping the URL's extension last so a browser or host reads its type from the name
 * (`/api/leaderboard/charts/sr.svg?store=s` → `files/leaderboard/charts/sr~3Fstore~3Ds.svg`).
 */
export function assetFile(url: string): string {
  const key = bundleKey(url);
  const image = IMAGE.exec(key);
  if (image) return `images/${image[1]}.png`;
  const { segments, query } = partsOf(key);
  const last = segments.pop() ?? "index";
  const ext = FILE_EXT.exec(last);
  const base = ext ? last.slice(0, -ext[0].length) : last;
  const name = `${escapeName(base)}${escapeName(query)}${ext ? `.${ext[1]!.toLowerCase()}` : ""}`;
  return ["files", ...segments.map(escapeName), name].join("/");
}

/** Whether a URL names a file (a stored image, or a path with a file extension: a map, a chart). */
export function isAssetUrl(url: string): boolean {
  if (!url.startsWith("/api/")) return false;
  const path = url.split("?", 1)[0]!;
  return IMAGE.test(path) || FILE_EXT.test(path);
}

/** A data file's text: one call of the data callback with the URL's key and the answer. */
export function dataScript(url: string, answer: unknown): string {
  return `${DATA_CALLBACK}(${JSON.stringify(bundleKey(url))},${JSON.stringify(answer)});\n`;
}

/** `data/bundle.js`'s text: sets the bundle global (the app then reads every answer from the bundle). */
export function infoScript(info: BundleInfo): string {
  return `var ${BUNDLE_GLOBAL}=${JSON.stringify(info)};\n`;
}
