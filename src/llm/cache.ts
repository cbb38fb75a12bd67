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
    /** Written only when the provider reported some (older entries and most requests have none). */
    cachedInputTokens: z.number().int().nonnegative().optional(),
    cacheWriteTokens: z.number().int().nonnegative().optional(),
    toolCalls: z.array(CachedToolCall).optional(),
    /** What the provider said it ignored or changed when the response was fetched (absent: nothing). */
    warnings: z.array(z.string()).optional(),
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

/** One cached embedding: the vector as little-endian float32 in base64, and the tokens it took. */
export const CachedEmbedding = z
  .object({
    dims: z.number().int().positive(),
    vector: z.string().describe("float32 little-endian, base64"),
    inputTokens: z.number().int().nonnegative(),
  })
  .strict();
export type CachedEmbedding = z.infer<typeof CachedEmbedding>;

/** A vector as the embedding cache stores it (float32: what the vector index keeps anyway). */
export function encodeEmbedding(vector: readonly number[] | Float32Array): string {
  const f = Float32Array.from(vector);
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength).toString("base64");
}

export function decodeEmbedding(entry: CachedEmbedding): Float32Array | undefined {
  const bytes = Buffer.from(entry.vector, "base64");
  if (bytes.byteLength !== entry.dims * 4) return undefined;
  const out = new Float32Array(entry.dims);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}

/**
 * Embeddings on disk beside the responses, one JSON file per (model, text) key, so a text is paid
 * for once whichever batch it came in. Damaged entries are ignored, as in `ResponseCache`.
 */
export class EmbeddingCache {
  constructor(readonly dir: string) {}

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): { vector: Float32Array; inputTokens: number } | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path(key), "utf8"));
    } catch {
      return undefined;
    }
    const parsed = CachedEmbedding.safeParse(raw);
    if (!parsed.success) return undefined;
    const vector = decodeEmbedding(parsed.data);
    return vector ? { vector, inputTokens: parsed.data.inputTokens } : undefined;
  }

  set(key: string, vector: Float32Array, inputTokens: number): void {
    const path = this.path(key);
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${++tempSeq}.tmp`;
    writeFileSync(tmp, JSON.stringify({ dims: vector.length, vector: encodeEmbedding(vector), inputTokens }));
    renameSync(tmp, path);
  }
}
