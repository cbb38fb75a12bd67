/**
 * Set up before every file of the unit tier (`*.test.ts`): the tier's promise — no browser, no
 * server, no child process, no network — is enforced, not hoped for. Starting a process (which is
 * also how a browser starts), listening on a port or opening a connection throws at once, naming what
 * the test tried and where such a test belongs. Worker threads and the file system stay allowed.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

export class UnitTierViolation extends Error {
  override readonly name = "UnitTierViolation";
}

function refuse(what: string): () => never {
  return () => {
    throw new UnitTierViolation(
      `a unit test (*.test.ts) may not ${what}: end-to-end tests go in a file named *.e2e.test.ts (README, "Testing")`,
    );
  };
}

const processFunctions = [
  "spawn",
  "spawnSync",
  "exec",
  "execSync",
  "execFile",
  "execFileSync",
  "fork",
] as const;
const writable = childProcess as unknown as Record<string, unknown>;
for (const name of processFunctions) writable[name] = refuse(`start a process (child_process.${name})`);
net.Server.prototype.listen = refuse("listen on a port (a server)");
net.Socket.prototype.connect = refuse("open a network connection");
// `import { spawn } from "node:child_process"` reads the module's ESM bindings: bring them in line.
syncBuiltinESMExports();
