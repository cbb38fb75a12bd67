import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import pg from "pg";

const run = promisify(execFile);

/**
 * A server the tests use: its URL, or why there is none (the tests that need it then skip,
 * printing the reason).
 */
export type TestService = { url: string; reason?: undefined } | { url?: undefined; reason: string };

/** What this process started, to stop at the end. */
interface Started {
  stop(): Promise<void>;
}

const started: Started[] = [];
let postgres: Promise<TestService> | undefined;
let redis: Promise<TestService> | undefined;
const databases = new Map<string, string>();

/**
 * A Postgres server for tests: `SITUREC_TEST_POSTGRES_URL` when set (`.ci/run` starts one, see
 * `scripts/test-services.sh`), else a throwaway server this process starts (Debian's initdb and
 * pg_ctl, data in a temp folder, a free loopback port; as the `postgres` user when running as
 * root), stopped by `stopTestServices` or, at the latest, when this process exits. Give each test a
 * database of its own with `freshPostgresDatabase`.
 */
export function postgresUrlForTests(env: NodeJS.ProcessEnv = process.env): Promise<TestService> {
  const given = env.SITUREC_TEST_POSTGRES_URL?.trim();
  if (given) return Promise.resolve({ url: given });
  postgres ??= startPostgres().catch((err: unknown) => ({ reason: reasonOf(err) }));
  return postgres;
}

/**
 * A Redis server for tests: `SITUREC_TEST_REDIS_URL` when set, else a throwaway `redis-server` this
 * process starts on a free loopback port (no persistence), stopped like the Postgres one.
 */
export function redisUrlForTests(env: NodeJS.ProcessEnv = process.env): Promise<TestService> {
  const given = env.SITUREC_TEST_REDIS_URL?.trim();
  if (given) return Promise.resolve({ url: given });
  redis ??= startRedis().catch((err: unknown) => ({ reason: reasonOf(err) }));
  return redis;
}

/**
 * A new, empty database on the server at `serverUrl` (a random name), so tests in parallel files
 * never share tables; the URL to it. Dropped by `stopTestServices`.
 */
export async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `siturec_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databases.set(name, serverUrl);
  return url.toString();
}

/**
 * Redis database `db` of the server at `serverUrl`, emptied first (a server that outlived an earlier
 * run of the suite keeps that run's queues), as a URL. Each test that uses Redis takes a number of
 * its own, so parallel files never meet.
 */
export async function freshRedisDatabase(serverUrl: string, db: number): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${db}`;
  const client = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    await client.flushdb();
  } finally {
    client.disconnect();
  }
  return url.toString();
}

/** Drops the databases made here and stops the servers this process started (call it in `afterAll`). */
export async function stopTestServices(): Promise<void> {
  for (const [name, serverUrl] of databases) {
    databases.delete(name);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin
      .connect()
      .then(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
      .catch(() => {})
      .finally(() => admin.end().catch(() => {}));
  }
  for (const s of started.splice(0)) await s.stop().catch(() => {});
  postgres = undefined;
  redis = undefined;
}

function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const stderr = (err as { stderr?: unknown }).stderr;
  return `${text}${typeof stderr === "string" && stderr.trim() ? `: ${stderr.trim().split("\n").at(-1)}` : ""}`;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Postgres's programs: the newest Debian version under /usr/lib/postgresql, else those on the PATH. */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], "bin");
  try {
    const initdb = execFileSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).trim();
    return initdb ? join(initdb, "..") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How to run Postgres's programs: as root, through `runuser` as the `postgres` user (initdb and the
 * server refuse root); as anyone else, directly. Undefined with a reason when root has no such user.
 */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } | string {
  if (process.getuid?.() !== 0) return { prefix: [] };
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    return { prefix: ["runuser", "-u", "postgres", "--"], uid, gid };
  } catch {
    return "running as root, and there is no postgres user to run the server as";
  }
}

/** Runs `command` as given by `prefix` (e.g. through runuser). */
function runAs(prefix: string[], command: string, args: string[]) {
  const [file, ...rest] = [...prefix, command, ...args];
  return run(file!, rest, { timeout: 60_000 });
}

/**
 * Stops what a process started should it die before `stopTestServices` (a crashed or killed test
 * worker): a detached shell that waits for this process to end, then runs `cleanup`.
 */
function watchdog(cleanup: string): ChildProcess {
  const child = spawn(
    "sh",
    ["-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${cleanup}`],
    { detached: true, stdio: "ignore" },
  );
  child.unref();
  return child;
}

/** Ends a watchdog whose work was done already. */
function stopWatchdog(guard: ChildProcess): void {
  try {
    if (guard.pid) process.kill(guard.pid);
  } catch {
    // It ended already.
  }
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

async function startPostgres(): Promise<TestService> {
  const bin = postgresBin();
  if (!bin)
    return {
      reason:
        "no Postgres server installed (no initdb under /usr/lib/postgresql/*/bin or on the PATH; apt-get install postgresql)",
    };
  const user = asServerUser();
  if (typeof user === "string") return { reason: user };
  const dir = mkdtempSync(join(tmpdir(), "siturec-pg-"));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid ?? user.uid);
  const data = join(dir, "data");
  const port = await freePort();
  const pgCtl = join(bin, "pg_ctl");
  const stopCommand = `${[...user.prefix, pgCtl].map(quote).join(" ")} -D ${quote(data)} -m immediate stop >/dev/null 2>&1; rm -rf ${quote(dir)}`;
  try {
    await runAs(user.prefix, join(bin, "initdb"), [
      ...["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
    ]);
    const server = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    await runAs(user.prefix, pgCtl, [
      "-D",
      data,
      "-l",
      join(dir, "log"),
      "-w",
      "-t",
      "30",
      "-o",
      server,
      "start",
    ]);
  } catch (err) {
    await run("sh", ["-c", stopCommand]).catch(() => {});
    throw err;
  }
  const guard = watchdog(stopCommand);
  started.push({
    stop: async () => {
      await run("sh", ["-c", stopCommand]);
      stopWatchdog(guard);
    },
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

/** Whether a Redis server answers PING on the port. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function startRedis(): Promise<TestService> {
  const server = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find(existsSync);
  if (!server) return { reason: "no redis-server installed (apt-get install redis-server)" };
  const dir = mkdtempSync(join(tmpdir(), "siturec-redis-"));
  const port = await freePort();
  const child = spawn(
    server,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { detached: true, stdio: "ignore" },
  );
  child.unref();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const cleanup = `kill ${child.pid} 2>/dev/null; rm -rf ${quote(dir)}`;
  const guard = watchdog(cleanup);
  const stop = async () => {
    if (child.exitCode === null) child.kill();
    await Promise.race([exited, sleep(2000)]);
    rmSync(dir, { recursive: true, force: true });
    stopWatchdog(guard);
  };
  for (let i = 0; i < 50 && child.exitCode === null; i++) {
    if (await pong(port)) {
      started.push({ stop });
      return { url: `redis://127.0.0.1:${port}` };
    }
    await sleep(100);
  }
  await stop();
  return { reason: `redis-server did not answer on port ${port} within 5 s` };
}
