import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sha256 } from "../core/hash.js";
import { withModelCalls } from "../core/model-call-record.js";
import { PostgresRunStore } from "./postgres-run-store.js";
import { POSTGRES_SCHEMA_VERSION } from "./postgres-schema.js";
import { StorageError } from "./storage-error.js";
import { startTcpProxy } from "./testing/tcp-proxy.js";
import {
  freePort,
  freshPostgresDatabase,
  postgresUrlForTests,
  stopTestServices,
} from "./testing/test-services.js";

const server = await postgresUrlForTests();
afterAll(stopTestServices);
const withServer = server.url ? describe : describe.skip;
if (server.reason) console.warn(`skipping the Postgres fault tests: ${server.reason}`);

const header = { runId: "r1", env: "supermarket", task: { id: "sm-01.1" } };
const outcome = { reason: "purchase", success: true, turns: 1, recommendations: 1, usage: {} };
const newRun = { id: "r1", identity: "x", config: {}, identityParts: {}, planned: 1 };

async function failure(work: Promise<unknown>): Promise<StorageError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StorageError);
  return err as StorageError;
}

describe("a Postgres run store that cannot be used", () => {
  it("is reported at once, naming the URL with its password hidden, and what to do", async () => {
    const port = await freePort();
    // "At once" is: no retry. A retry would wait an hour first, far past the test's timeout.
    const store = new PostgresRunStore(`postgres://siturec:s3cret@127.0.0.1:${port}/runs`, {
      retryDelayMs: 3_600_000,
    });
    expect(store.location).toBe(`postgres://siturec:***@127.0.0.1:${port}/runs`);
    const err = await failure(store.listRuns());
    expect(err.message).toMatch(
      new RegExp(
        `^cannot reach the run store at postgres://siturec:\\*\\*\\*@127\\.0\\.0\\.1:${port}/runs \\(`,
      ),
    );
    expect(err.message).not.toContain("s3cret");
    expect(err.hint).toMatch(/running and reachable/);
    await store.close();
  });

  it("refuses a malformed URL when opened", () => {
    expect(() => new PostgresRunStore("postgres://user:pw@[::1/db")).toThrow(StorageError);
    expect(() => new PostgresRunStore("postgres://user:pw@[::1/db")).toThrow(/not a Postgres URL/);
  });
});

withServer("a Postgres run store on a live server", () => {
  it("names a database that does not exist", async () => {
    const url = new URL(server.url!);
    url.pathname = "/no_such_database";
    const store = new PostgresRunStore(url.toString());
    const err = await failure(store.listRuns());
    expect(err.message).toMatch(/^there is no database at postgres:\/\/.*\/no_such_database/);
    expect(err.exitCode).toBe(2);
    await store.close();
  });

  it("is made once by workers that open a new database at the same moment", async () => {
    const url = await freshPostgresDatabase(server.url!);
    const stores = Array.from({ length: 8 }, () => new PostgresRunStore(url));
    expect(await Promise.all(stores.map((s) => s.listRuns()))).toEqual(stores.map(() => []));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    expect((await client.query("SELECT version FROM siturec_schema")).rows).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    // A store of version 1 (before `records`) gains the table when a newer siturec opens it.
    await client.query("DROP TABLE records");
    await client.query("UPDATE siturec_schema SET version = 1");
    const migrated = new PostgresRunStore(url);
    await migrated.putRecord("study", "s1", { ok: true });
    expect(await migrated.getRecord("study", "s1")).toEqual({ ok: true });
    await migrated.close();
    expect((await client.query("SELECT version FROM siturec_schema")).rows).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    // A store of version 2 (before `model_calls` and `texts`) gains them the same way.
    await client.query("DROP TABLE model_calls; DROP TABLE texts; UPDATE siturec_schema SET version = 2");
    const v2 = new PostgresRunStore(url, { readonly: true });
    expect(await v2.modelCalls("r", "e", "t", 0)).toBeUndefined();
    await v2.close();
    const upgraded = new PostgresRunStore(url);
    await upgraded.createRun({ id: "r", identity: "i", config: {}, identityParts: {}, planned: 1 });
    const h = { runId: "r", env: "e", task: { id: "t" } };
    await upgraded.startEpisode(h, 0, "a");
    const calls = { roles: [], texts: { [sha256("prompt")]: "prompt" } };
    await upgraded.writeTurn(h, withModelCalls({ turn: 0 }, calls), undefined, "a");
    expect(await upgraded.modelCalls("r", "e", "t", 0)).toEqual(calls);
    await upgraded.close();
    expect((await client.query("SELECT version FROM siturec_schema")).rows).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    // A store made by a newer siturec is refused, not misread.
    await client.query("UPDATE siturec_schema SET version = 99");
    await client.end();
    const newer = new PostgresRunStore(url);
    const err = await failure(newer.listRuns());
    expect(err.message).toContain(
      `was made by a newer siturec (schema version 99; this one knows ${POSTGRES_SCHEMA_VERSION})`,
    );
    for (const s of [...stores, newer]) await s.close();
  });

  it("retries a write whose connection broke, so the turn is kept once", async () => {
    const port = Number(new URL(server.url!).port);
    const proxy = await startTcpProxy(port);
    const url = new URL(await freshPostgresDatabase(server.url!));
    url.port = String(proxy.port);
    const store = new PostgresRunStore(url.toString(), { retries: 8, retryDelayMs: 50 });
    await store.createRun(newRun);
    await store.startEpisode(header, 0, "A#1");
    // The server goes away for 400 ms: the pool's connections break, new ones are refused.
    proxy.cut(400);
    await store.writeTurn(header, { turn: 0 }, undefined, "A#1");
    // The commit happens, but its answer is lost: the retry finds the episode already finished by
    // its own attempt, and does not take that for another attempt's work.
    const dropped = proxy.dropReplyTo("COMMIT");
    await store.writeTurn(header, { turn: 1 }, outcome, "A#1");
    await dropped;
    expect((await store.episodes("r1")).map((e) => [e.status, e.turns])).toEqual([["finished", 1]]);
    const turns = [];
    for await (const e of store.storedEpisodes("r1")) turns.push(...e.turns);
    expect(turns).toEqual([{ turn: 0 }, { turn: 1 }]);
    await store.close();
    await proxy.close();
  });

  it("gives up after its retries with the same clear message", async () => {
    const port = Number(new URL(server.url!).port);
    const proxy = await startTcpProxy(port);
    const url = new URL(await freshPostgresDatabase(server.url!));
    url.port = String(proxy.port);
    const store = new PostgresRunStore(url.toString(), { retries: 2, retryDelayMs: 20 });
    await store.createRun(newRun);
    proxy.cut(5000);
    const err = await failure(store.setRunStatus("r1", "complete"));
    expect(err.message).toMatch(/^cannot reach the run store at postgres:/);
    await store.close();
    await proxy.close();
  });
});
