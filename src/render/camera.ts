import type { Regions } from "./som/regions.js";

export { CAMERA } from "../core/camera.js";

/** Where the shopper stands and looks: metres, degrees (yaw 0 faces north, -z; pitch > 0 looks up). */
export interface CameraPose {
  x: number;
  z: number;
  yaw: number;
  pitch: number;
}

export interface PassTimings {
  /** The colour pass and its read-back (0 for a frame without colour). */
  rgbMs: number;
  /** The segmentation-and-depth pass and its read-back. */
  idsMs: number;
  /** Finding the products and targets in view from segmentation and depth (in the page). */
  regionsMs: number;
  /** Time the page spent posting the pixels back. */
  postMs: number;
}

/** The store's changeable state as drawn: instances off their places, and what the shopper holds. */
export interface SceneState {
  hidden: string[];
  held: string | null;
}

/** Which images a frame brings back; its regions always come back. */
export interface FramePasses {
  /** Draw the colour image and upload it (false: only the id pass is drawn, for the regions). */
  colour: boolean;
  /** Upload the segmentation and depth images too (after the colour image, if any). */
  buffers: boolean;
}

/** What the page answers for a frame, as JSON; its pixels arrive separately, as one binary POST. */
export interface PageFrame {
  timings: PassTimings;
  regions: Regions;
}

/** What the render page exposes on its global object to the Node side. */
export interface RenderPageApi {
  /**
   * Renders a view, finds its regions and posts the pixels `passes` asks for to `uploadUrl` (the
   * render service's own page server, which for a shared page is not the one that served it): the
   * colour image, then the segmentation and depth images. A frame that asks for neither posts nothing.
   */
  observe(pose: CameraPose, uploadUrl: string, state: SceneState, passes: FramePasses): Promise<string>;
  /**
   * The page's GL renderer, frame size, scene build time and how frames are uploaded: from a shared
   * worker (whose requests the DevTools network agent Playwright enables does not keep), or from
   * the page where the browser has no shared workers or the worker died.
   */
  info(): {
    renderer: string;
    width: number;
    height: number;
    buildMs: number;
    upload: "shared-worker" | "page";
  };
  /**
   * Takes the page for one render service (`owner`), atomically: true when it was free, or held by
   * `steal` (an owner its claimant found dead); otherwise false and the page stays with its holder.
   */
  claim(owner: PageOwner, steal?: string): boolean;
  /** Gives the page back (only its holder can). */
  release(owner: string): void;
  /** Who holds the page now, if anyone. */
  holder(): PageOwner | null;
}

/** A render service holding a shared page: its id, and its process (to tell whether it is still alive). */
export interface PageOwner {
  id: string;
  pid: number;
  host: string;
}

export interface RenderPageGlobals {
  siturecRender?: RenderPageApi;
  siturecError?: string;
}
