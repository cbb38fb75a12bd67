import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { EnvId } from "../core/manifest.js";
import { loadEnvData } from "../envs/env-data.js";

const require = createRequire(import.meta.url);
/** The labels' face (Roboto Condensed Bold, OFL), bundled with the package: no system fonts. */
const FONT = "@fontsource/roboto-condensed/files/roboto-condensed-latin-700-normal.woff2";

let font: Buffer | undefined;
/** The label font's bytes (woff2), for every page that builds a store's scene. */
export function labelFont(): Buffer {
  font ??= readFileSync(require.resolve(FONT));
  return font;
}

const json = new Map<EnvId, string>();
/** What a page needs to build a store's scene (`SceneData`): layout, catalog and instances, as JSON. */
export function sceneDataJson(env: EnvId): string {
  let found = json.get(env);
  if (!found) {
    const d = loadEnvData(env);
    found = JSON.stringify({ layout: d.layout, catalog: d.catalog, instances: d.instances });
    json.set(env, found);
  }
  return found;
}
