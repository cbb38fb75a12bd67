import { hostname } from "node:os";

/**
 * Whether a process that said it runs as `pid` on `host` may still be alive: always yes for another
 * host (nothing here can tell), else whether that process exists (one of another user's counts).
 */
export function processAlive(pid: number, host: string): boolean {
  if (host !== hostname()) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}
