const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The policy the bundle's page gives itself (a static host sends none): its own scripts, styles and
 * images only, no plugins, no inline script. It holds from `file://` too, where 'self' is the folder's
 * files.
 */
export const BUNDLE_CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * A bundle's `index.html`: the app's stylesheet, then two classic scripts in order: `data/bundle.js`
 * (the bundle global, which puts the app in bundle mode) and the app. No module scripts (Chromium
 * refuses them from `file://`), no inline code, relative URLs only.
 */
export function bundleIndexHtml(runs: readonly string[]): string {
  const title = `siturec viewer · ${runs.join(", ")}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta http-equiv="Content-Security-Policy" content="${BUNDLE_CSP}" />
    <meta name="referrer" content="no-referrer" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="app/viewer.css" />
  </head>
  <body>
    <div id="app"></div>
    <noscript>This siturec viewer bundle needs JavaScript.</noscript>
    <script src="data/bundle.js"></script>
    <script src="app/viewer.js"></script>
  </body>
</html>
`;
}
