import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let cached: Promise<string> | undefined;

/**
 * The render page's JavaScript: the bundle `npm run build` writes next to this module, or, when
 * running from the TypeScript sources (tests, tsx), a bundle made now with esbuild.
 */
export function pageBundle(): Promise<string> {
  cached ??= (async () => {
    const built = fileURLToPath(new URL("./page.js", import.meta.url));
    if (existsSync(built)) return readFileSync(built, "utf8");
    const entry = fileURLToPath(new URL("./page/main.ts", import.meta.url));
    if (!existsSync(entry))
      throw new Error(`render page missing: neither ${built} nor ${entry} exists; run npm run build`);
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    return result.outputFiles[0]!.text;
  })();
  return cached;
}
