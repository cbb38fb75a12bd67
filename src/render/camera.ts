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
  /** The colour pass and its read-back. */
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

/** What the page answers for a frame, as JSON; its pixels arrive separately, as one binary POST. */
export interface PageFrame {
  timings: PassTimings;
  regions: Regions;
}

/** What the render page exposes on its global object to the Node side. */
export interface RenderPageApi {
  /**
   * Renders a view, finds its regions and posts the pixels for `frameId`: the colour image, and with
   * `buffers` the segmentation and depth images after it.
   */
  observe(pose: CameraPose, frameId: string, state?: SceneState, buffers?: boolean): Promise<string>;
  info(): { renderer: string; width: number; height: number; buildMs: number };
}

export interface RenderPageGlobals {
  siturecRender?: RenderPageApi;
  siturecError?: string;
}
