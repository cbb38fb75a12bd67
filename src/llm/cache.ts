import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface CachedResponse {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

/**
 * Model responses on disk, one JSON file per request key (model id, full request with images by
 * content hash, sampling parameters). Written atomically (temp file + rename). Only successful
 * responses are stored; keys never are, since the key is not part of a request.
 */
export class ResponseCache {
  constructor(readonly dir: string) {}

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): CachedResponse | undefined {
    try {
      return JSON.parse(readFileSync(this.path(key), "utf8")) as CachedResponse;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: CachedResponse): void {
    const path = this.path(key);
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, path);
  }
}
