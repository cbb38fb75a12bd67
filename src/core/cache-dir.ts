import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/** The per-user cache folder of siturec: `$XDG_CACHE_HOME/siturec`, else `~/.cache/siturec`. */
export function siturecCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".cache"), "siturec");
}
