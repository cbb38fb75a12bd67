// Builds the web app for `siturec view bundle` into dist/web/bundle-app: one classic script
// (viewer.js, IIFE) and one stylesheet (viewer.css). A bundle is opened from disk too, and Chromium
// refuses ES module scripts from file:// URLs: hence no modules, no chunks and relative URLs only.
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const LIVE_SCENE_STUB = "\0siturec-bundle-no-live-scene";

/**
 * A participant's live view (three.js and the scene builder) never runs in a bundle, which holds no
 * studies: its dynamic import is resolved to a stub, so the single script does not carry three.js.
 */
function withoutLiveScene(): Plugin {
  return {
    name: "siturec-bundle-without-live-scene",
    enforce: "pre",
    resolveId: (source) => (/(^|\/)live-scene(\.js|\.ts)?$/.test(source) ? LIVE_SCENE_STUB : undefined),
    load: (id) =>
      id === LIVE_SCENE_STUB
        ? 'export function liveScene() { return Promise.reject(new Error("a static bundle has no live view")); }'
        : undefined,
  };
}

export default defineConfig({
  root: fileURLToPath(new URL("./src/web/app", import.meta.url)),
  base: "./",
  publicDir: false,
  logLevel: "warn",
  plugins: [withoutLiveScene()],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: fileURLToPath(new URL("./dist/web/bundle-app", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    reportCompressedSize: false,
    cssCodeSplit: false,
    lib: {
      entry: fileURLToPath(new URL("./src/web/app/main.tsx", import.meta.url)),
      formats: ["iife"],
      name: "siturecViewer",
      fileName: () => "viewer.js",
      cssFileName: "viewer",
    },
  },
});
