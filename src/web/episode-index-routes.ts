import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Hono } from "hono";
import { z } from "zod";
import type { RunStore } from "../storage/run-store.js";
import { buildEpisodeIndex, indexVersion } from "./episode-index.js";
import type { EpisodeIndex } from "./episode-index-types.js";

/** A run id as the API accepts it (as `server.ts`'s). */
const RunId = z.string().regex(/^[\w.:@+-]{1,200}$/, "a run id");

/** A built index as the server sends it: its JSON encoded once, plain and gzipped, and its entity tag. */
interface CachedIndex {
  index: EpisodeIndex;
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

/** An index built (or being built) for a version of its run. */
interface Entry {
  version: string;
  /** The run's `updatedAt` then. */
  updatedAt: string;
  built: Promise<CachedIndex | undefined>;
}

/** Runs whose index is kept (the oldest is dropped first); a 1,000-episode index is a few MB. */
const CACHED_RUNS = 16;

/**
 * The episode indexes of a store's runs, each built once and kept until its run changes (an
 * episode ends or the run's status changes); a changed run's index is rebuilt reading only the
 * episodes that ended since. Concurrent requests for a run share one build.
 */
export class EpisodeIndexCache {
  private readonly entries = new Map<string, Entry>();

  /** The run's index, from the cache when its run has not changed since; undefined for no such run. */
  async get(store: RunStore, runId: string): Promise<CachedIndex | undefined> {
    const run = await store.getRun(runId);
    if (!run) return undefined;
    const held = this.entries.get(runId);
    // Episodes end only while a run is played, and a status change moves `updatedAt`: a settled
    // run's index stands without reading its episodes' rows.
    const settled = run.status !== "running" && run.status !== "queued";
    if (held && settled && held.updatedAt === run.updatedAt) return held.built;
    const version = indexVersion(run, await store.episodes(runId));
    if (held?.version === version) return held.built;
    const previous = held?.built.then((c) => c?.index).catch(() => undefined);
    const entry: Entry = { version, updatedAt: run.updatedAt, built: this.build(store, runId, previous) };
    this.entries.delete(runId);
    this.entries.set(runId, entry);
    entry.built.catch(() => {
      if (this.entries.get(runId) === entry) this.entries.delete(runId);
    });
    while (this.entries.size > CACHED_RUNS) this.entries.delete(this.entries.keys().next().value!);
    return entry.built;
  }

  private async build(
    store: RunStore,
    runId: string,
    previous: Promise<EpisodeIndex | undefined> | undefined,
  ): Promise<CachedIndex | undefined> {
    const index = await buildEpisodeIndex(store, runId, await previous);
    if (!index) return undefined;
    const json = Buffer.from(JSON.stringify(index));
    const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
    return { index, json, gzip: gzipSync(json), etag };
  }
}

/**
 * `GET /api/runs/RUN/episode-index`: the run's `EpisodeIndex` (the episodes table's filters, search and
 * sort, and the compare view, run in the browser on it). It depends on the path only, so a static
 * bundle saves it as it is. Gzipped for a client that accepts it; revalidated by its entity tag.
 */
export function addEpisodeIndexRoutes(app: Hono, getStore: () => RunStore | undefined): void {
  const cache = new EpisodeIndexCache();
  app.get("/api/runs/:run/episode-index", async (c) => {
    const runId = RunId.safeParse(c.req.param("run"));
    if (!runId.success) return c.json({ error: "invalid run id" }, 400);
    const store = getStore();
    const index = store ? await cache.get(store, runId.data) : undefined;
    if (!index) return c.json({ error: `no run '${runId.data}'` }, 404);
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: index.etag,
      Vary: "Accept-Encoding",
    };
    if (c.req.header("If-None-Match") === index.etag) return c.body(null, 304, headers);
    if (/\bgzip\b/.test(c.req.header("Accept-Encoding") ?? ""))
      return c.body(new Uint8Array(index.gzip), 200, { ...headers, "Content-Encoding": "gzip" });
    return c.body(new Uint8Array(index.json), 200, headers);
  });
}
