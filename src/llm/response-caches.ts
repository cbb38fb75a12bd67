import type { CachedResponse, ResponseCache } from "./cache.js";

/** A response cache shared by processes (e.g. Redis for queue workers). */
export interface SharedResponseCache {
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, value: CachedResponse): Promise<void>;
}

/** Runs `fn` holding one of a provider pool's slots that all processes share. */
export type SharedLimit = <T>(pool: string, fn: () => Promise<T>) => Promise<T>;

/**
 * A client's response caches: this process's on disk first, then a shared one (what it serves is
 * kept on disk too); a response is written to both.
 */
export class ResponseCaches {
  constructor(
    private readonly local?: ResponseCache,
    private readonly shared?: SharedResponseCache,
  ) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    const local = this.local?.get(key);
    if (local || !this.shared) return local;
    const shared = await this.shared.get(key);
    if (shared) this.local?.set(key, shared);
    return shared;
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    this.local?.set(key, value);
    await this.shared?.set(key, value);
  }
}
