import { buildScene, type SceneData } from "../../../render/scene/build-scene.js";
import { LABEL_FONT } from "../../../render/scene/label-atlas.js";
import { ObservationPasses } from "../../../render/scene/passes.js";

const scenes = new Map<string, Promise<ObservationPasses>>();

/**
 * A store's scene in this browser, built once per page by the same scene builder the renderer uses,
 * from the same data and label font: the live view draws it from the shopper's pose.
 */
export function liveScene(env: string, width: number, height: number): Promise<ObservationPasses> {
  const key = `${env}:${width}x${height}`;
  let found = scenes.get(key);
  if (!found) {
    found = (async () => {
      const font = new FontFace(LABEL_FONT, "url(/api/scene/font.woff2)", { weight: "700" });
      document.fonts.add(await font.load());
      const res = await fetch(`/api/scene/${encodeURIComponent(env)}.json`);
      if (!res.ok) throw new Error(`the store's scene could not be loaded (${res.status})`);
      const data = (await res.json()) as SceneData;
      return new ObservationPasses(buildScene(data), width, height, 0);
    })();
    found.catch(() => scenes.delete(key));
    scenes.set(key, found);
  }
  return found;
}
