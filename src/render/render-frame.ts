import type { PassTimings } from "./camera.js";
import type { Regions } from "./som/regions.js";

/** Segmentation and depth images, rows top-down. */
export interface FrameBuffers {
  /** 24-bit segmentation colour per pixel (0: background). */
  seg: Uint32Array;
  /** Linear depth along the optical axis in millimetres per pixel (0: nothing hit). */
  depthMm: Uint32Array;
}

/** One rendered view: colour (rows top-down), what it shows, and on request its segmentation and depth. */
export interface RawFrame {
  width: number;
  height: number;
  /** RGB bytes, rows top-down; empty for a frame rendered with `{ colour: false }`. */
  rgb: Buffer;
  /** What is in view, found by the page from segmentation and depth (no outlines without colour). */
  regions: Regions;
  /** Present when the frame was rendered with `{ buffers: true }`. */
  buffers?: FrameBuffers;
  timings: PassTimings & { totalMs: number };
}

/** Which images a frame brings back besides its regions. */
export interface FrameOptions {
  /**
   * Draw the colour image (default true). False where no one looks at it (`images: "none"` with
   * built-in roles): only the id pass is drawn, for the same regions at under half the work.
   */
  colour?: boolean;
  /** Also bring back the segmentation and depth images (three times the bytes of colour alone). */
  buffers?: boolean;
}

/** A frame's segmentation and depth, or a clear error for a frame rendered without them. */
export function frameBuffers(frame: RawFrame): FrameBuffers {
  if (!frame.buffers)
    throw new Error("this frame was rendered without { buffers: true }: it has no segmentation or depth");
  return frame.buffers;
}
