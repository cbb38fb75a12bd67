import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256 } from "../core/hash.js";
import { storageError } from "./storage-error.js";
import type { StoredImages } from "./stored-images.js";

// Two puts of one image may overlap (writes are async): each writes its own temp file.
let tempSeq = 0;

/** PNGs in a content-addressed folder: `ab/abcdef….png`, written atomically (temp file + rename). */
export class ImageStore implements StoredImages {
  constructor(readonly dir: string) {}

  pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), `${hash}.png`);
  }

  async put(png: Buffer): Promise<string> {
    const hash = sha256(png);
    const file = this.pathOf(hash);
    if (!existsSync(file)) {
      const tmp = `${file}.${process.pid}.${++tempSeq}.tmp`;
      try {
        await mkdir(join(this.dir, hash.slice(0, 2)), { recursive: true });
        await writeFile(tmp, png);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw storageError(err, this.dir) ?? err;
      }
    }
    return hash;
  }

  /** The PNG of a hash, or undefined when this store does not have it. */
  async get(hash: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    return readFile(this.pathOf(hash)).catch(() => undefined);
  }
}
