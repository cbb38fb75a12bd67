// Builds the web app (src/web/app, Preact) into dist/web/app, which `siturec serve` serves.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL("./src/web/app", import.meta.url)),
  base: "/",
  publicDir: false,
  logLevel: "warn",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("./dist/web/app", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // One small bundle: the viewer loads in one request for its script and one for its styles.
    modulePreload: false,
    reportCompressedSize: false,
    // three.js and the scene builder: loaded only by a participant's live view.
    chunkSizeWarningLimit: 700,
  },
});
