import type { ImageSink } from "../trajectory/image-sink.js";

/**
 * A run store's images: PNGs content-addressed by their SHA-256, written by runs and read back by
 * the viewer. A folder beside a SQLite store (`ImageStore`), a table in a Postgres one
 * (`PostgresImageStore`); an object store (S3 and the like) would be a third.
 */
export interface StoredImages extends ImageSink {
  /** The PNG of a hash, or undefined when the store does not have it (or the hash is malformed). */
  get(hash: string): Promise<Buffer | undefined>;
}
