// Bundles the render page (three.js scene + passes) into dist/render/page.js for the headless renderer.
import { build } from "esbuild";

await build({
  entryPoints: ["src/render/page/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  outfile: "dist/render/page.js",
  logLevel: "warning",
});
