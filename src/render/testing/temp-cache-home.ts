import { useTempEnvDir } from "../../core/testing/temp-dirs.js";

/**
 * Gives each test of the file an empty `XDG_CACHE_HOME` of its own (where the bundled Chromium is
 * extracted), restored and removed after it; returns the current one.
 */
export function useTempCacheHome(): () => string {
  return useTempEnvDir("XDG_CACHE_HOME", "cache", "each");
}
