import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

/**
 * The built app's files under `root`, with @hono/node-server's `serveStatic`: `/` is `index.html`,
 * anything else is the file of that path or falls through (a 404 after it). No path leaves `root`:
 * serveStatic refuses every `.` or `..` segment, backslash and doubled slash after decoding, and any
 * percent-encoded path whose decoding differs from it (so `%2e%2e`, `%2f`, `%5c` and `%00` are
 * refused too). Vite names the assets by their content hash: they are cached for good.
 */
export function staticFiles(root: string): MiddlewareHandler {
  return serveStatic({
    root,
    index: "index.html",
    onFound: (_path, c) => {
      c.header(
        "Cache-Control",
        c.req.path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
}
