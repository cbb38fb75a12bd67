import type { Redis } from "ioredis";
import { CachedResponse } from "../../llm/cache.js";
import type { SharedResponseCache } from "../../llm/client.js";

const PREFIX = "siturec:llm:response:";

/**
 * Model responses in Redis, shared by every worker: the same keys and entries as the disk cache
 * (validated on read: a damaged entry is a miss), kept for `ttlSeconds` (default 30 days).
 */
export class RedisResponseCache implements SharedResponseCache {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds = 30 * 24 * 3600,
  ) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    const raw = await this.redis.get(PREFIX + key);
    if (raw === null) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
    const parsed = CachedResponse.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    await this.redis.set(PREFIX + key, JSON.stringify(value), "EX", this.ttlSeconds);
  }
}
