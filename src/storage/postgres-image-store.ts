import { sha256 } from "../core/hash.js";
import type { PostgresDatabase } from "./postgres-database.js";
import type { StoredImages } from "./stored-images.js";

/**
 * PNGs content-addressed in the run store's own database (`images`: digest → bytea), so every
 * worker that can reach the store can write and read them with nothing else to share. Each image
 * is written once (`ON CONFLICT DO NOTHING`: workers racing to store one image all succeed), and
 * this process remembers what it wrote so a repeated view costs no round trip.
 */
export class PostgresImageStore implements StoredImages {
  private readonly written = new Set<string>();

  constructor(private readonly db: PostgresDatabase) {}

  async put(png: Buffer): Promise<string> {
    const hash = sha256(png);
    if (this.written.has(hash)) return hash;
    this.db.requireWritable("store an image");
    await this.db.query("INSERT INTO images (digest, png) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING", [
      hash,
      png,
    ]);
    this.written.add(hash);
    return hash;
  }

  async get(hash: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    const rows = await this.db.query<{ png: Buffer }>("SELECT png FROM images WHERE digest = $1", [hash]);
    return rows[0]?.png;
  }
}
