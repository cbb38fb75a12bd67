// The render page: builds the store in three.js and answers observation requests from Node.
// The colour image goes back as one binary POST (with segmentation and depth when asked for), not
// as base64 through evaluate(); the regions found here as the answer's JSON. A frame without colour
// (nobody looks at the image) draws only the id pass and, without buffers, posts nothing.

import type { PageOwner, RenderPageApi } from "../camera.js";
import { idWords, rgbRows } from "../frame-pixels.js";
import { buildScene, type SceneData } from "../scene/build-scene.js";
import { LABEL_FONT } from "../scene/label-atlas.js";
import { ObservationPasses } from "../scene/passes.js";
import { extractRegions, segmentationIndex } from "../som/regions.js";
import { frameUploader } from "./frame-uploader.js";

declare global {
  interface Window {
    siturecRender?: RenderPageApi;
    siturecError?: string;
  }
}

async function start(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const env = params.get("env");
  if (!env) throw new Error("the render page needs ?env=STORE");
  const width = Number(params.get("w") ?? 640);
  const height = Number(params.get("h") ?? 480);
  // The face is the bold cut: declared as such, the browser draws it as it is instead of thickening
  // it again to make the bold labels ask for.
  const font = new FontFace(LABEL_FONT, "url(/font.woff2)", { weight: "700" });
  document.fonts.add(await font.load());
  const data = (await (await fetch(`/data/${env}.json`)).json()) as SceneData;
  const high = params.get("q") === "high";
  const t0 = performance.now();
  const built = buildScene(data);
  const passes = new ObservationPasses(built, width, height, high ? 4 : 0, high);
  passes.render({ x: data.layout.start.x, z: data.layout.start.z, yaw: data.layout.start.yaw, pitch: 0 });
  const buildMs = performance.now() - t0;
  const index = segmentationIndex(data.catalog, data.layout);
  const size = width * height * 4;
  const uploader = frameUploader();
  const upload = uploader.upload;
  // Reused every frame: fresh megabytes a frame cost the page more than filling them.
  const rgb = new Uint8Array(width * height * 3);
  const seg = new Uint32Array(width * height);
  const depthMm = new Uint32Array(width * height);
  // Which render service uses this page now: in a shared browser, pages outlive the processes that
  // opened them and are taken over (JavaScript here runs one call at a time, so a claim is atomic).
  const opener = params.get("o");
  let holder: PageOwner | null = opener
    ? { id: opener, pid: Number(params.get("pid")), host: params.get("host") ?? "" }
    : null;
  window.siturecRender = {
    claim(owner, steal) {
      if (holder && holder.id !== steal) return false;
      holder = owner;
      return true;
    },
    release(owner) {
      if (holder?.id === owner) holder = null;
    },
    holder: () => holder,
    async observe(pose, uploadUrl, state, { colour, buffers }) {
      passes.setState(state);
      let rgbMs = 0;
      let startMs = 0;
      let sent: Promise<void> | undefined;
      if (colour) {
        rgbMs = passes.renderColour(pose);
        const t = performance.now();
        rgbRows(passes.pixels, width, height, rgb);
        // The colour image travels to Node while the id pass renders and the regions are found (the
        // upload takes its copy at once). Only the colour image: the upload costs about 20 ms a
        // megabyte on two cores, and segmentation and depth would add another 2.4 MB.
        sent = buffers ? undefined : upload(uploadUrl, [rgb]);
        // Should the id pass throw first, the upload's failure is not left unhandled (the await below
        // still sees it).
        sent?.catch(() => {});
        startMs = performance.now() - t;
      } else {
        // No colour pass to place the camera: the id pass draws from the pose set here.
        passes.setPose(pose);
      }
      const idsMs = passes.renderIds();
      let t = performance.now();
      idWords(passes.pixels, size, width, height, seg);
      idWords(passes.pixels, 2 * size, width, height, depthMm);
      // Outlines are drawn on the colour image only; without one they would cost tracing here and
      // 50 KB of JSON a frame for Node's event loop to parse, for nothing.
      const regions = extractRegions({ width, height, seg, depthMm }, index, { outlines: colour });
      const regionsMs = performance.now() - t;
      t = performance.now();
      const ids = passes.pixels.subarray(size);
      if (sent) await sent;
      else if (buffers) await upload(uploadUrl, colour ? [rgb, ids] : [ids]);
      const postMs = startMs + performance.now() - t;
      // As one JSON string: Playwright's own serialiser walks every number of the outlines one by one.
      return JSON.stringify({ timings: { rgbMs, idsMs, regionsMs, postMs }, regions });
    },
    info: () => ({ renderer: passes.rendererInfo(), width, height, buildMs, upload: uploader.via() }),
  };
}

start().catch((err: unknown) => {
  window.siturecError = err instanceof Error ? `${err.message}\n${err.stack ?? ""}` : String(err);
});
