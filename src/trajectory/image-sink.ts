import { sha256 } from "../core/hash.js";

/** Where a trajectory's images go: each PNG is named by its SHA-256, which the trajectory records. */
export interface ImageSink {
  /** Stores (or just hashes) one PNG; resolves to its SHA-256 hex digest. */
  put(png: Buffer): Promise<string>;
}

/** Hashes without storing (for runs that keep no images). */
export const hashOnlyImages: ImageSink = { put: async (png) => sha256(png) };
