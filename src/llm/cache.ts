import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";

/** A native tool call as cached (see `NativeToolCall`). */
export const CachedToolCall = z
  .object({ id: z.string(), name: z.string(), input: z.unknown(), error: z.string().optional() })
  .strict();

/**
 * A cached response, validated on read: a damaged entry is ignored (refetched and overwritten).
 * `toolCalls` is written only for requests that declared tools, so the entries of other requests
 * keep their shape.
 */
export const CachedResponse = z
  .object({
    text: z.string(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    toolCalls: z.array(CachedToolCall).optional(),
  })
  .strict();
export type CachedResponse = z.infer<typeof CachedResponse>;

// Two requests of one process may write one key at once: each writes its own temp file.
let tempSeq = 0;

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

  /** The cached response, or undefined when there is none or it is damaged (not JSON, wrong shape). */
  get(key: string): CachedResponse | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path(key), "utf8"));
    } catch {
      return undefined;
    }
    const parsed = CachedResponse.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  }

  set(key: string, value: CachedResponse): void {
    const path = this.path(key);
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${++tempSeq}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, path);
  }
}
