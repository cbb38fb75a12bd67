import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where turn images go: by content hash, so identical views are stored once. */
export interface ImageSink {
  put(png: Buffer): string;
}

/** PNGs in a content-addressed folder: `ab/abcdef….png`, written atomically (temp file + rename). */
export class ImageStore implements ImageSink {
  constructor(readonly dir: string) {}

  pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), `${hash}.png`);
  }

  put(png: Buffer): string {
    const hash = createHash("sha256").update(png).digest("hex");
    const file = this.pathOf(hash);
    if (!existsSync(file)) {
      mkdirSync(join(this.dir, hash.slice(0, 2)), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, png);
      renameSync(tmp, file);
    }
    return hash;
  }
}

/** Hashes without storing (for runs that keep no images). */
export const hashOnlyImages: ImageSink = {
  put: (png) => createHash("sha256").update(png).digest("hex"),
};
