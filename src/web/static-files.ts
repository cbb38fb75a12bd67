import { readFile, stat } from "node:fs/promises";
import { extname, isAbsolute, relative, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * The file under `root` a URL path names, or undefined when it names none or would leave `root`:
 * the path is decoded once, and any `..` segment, backslash or NUL refuses it before it is joined.
 */
export function staticPath(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (path.includes("\0") || path.includes("\\")) return undefined;
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s === "..")) return undefined;
  const file = resolve(root, ...(segments.length ? segments : ["index.html"]));
  const rel = relative(resolve(root), file);
  if (rel.startsWith("..") || isAbsolute(rel) || rel.split(sep).includes("..")) return undefined;
  return file;
}

/** A static file of the built app: its bytes and content type, or undefined (404). */
export async function readStatic(
  root: string,
  urlPath: string,
): Promise<{ body: Buffer; type: string; immutable: boolean } | undefined> {
  const file = staticPath(root, urlPath);
  if (!file) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return {
    body: await readFile(file),
    type: TYPES[extname(file)] ?? "application/octet-stream",
    // Vite names the assets by their content hash.
    immutable: urlPath.startsWith("/assets/"),
  };
}
