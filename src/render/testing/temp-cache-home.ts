import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/**
 * Gives each test of the file an empty `XDG_CACHE_HOME` of its own (where the bundled Chromium is
 * extracted), restored and removed after it; returns the current one.
 */
export function useTempCacheHome(): () => string {
  let cache = "";
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.XDG_CACHE_HOME;
    cache = mkdtempSync(join(tmpdir(), "siturec-cache-"));
    process.env.XDG_CACHE_HOME = cache;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
    rmSync(cache, { recursive: true, force: true });
  });
  return () => cache;
}
