import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { withModelCalls } from "../core/model-call-record.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

const dir = mkdtempSync(join(tmpdir(), "siturec-sqlite-calls-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a SQLite store from before model calls were kept", () => {
  it("reads as having none read-only, and gains the tables when opened for writing", async () => {
    const made = new SqliteRunStore(dir);
    await made.createRun({ id: "r", identity: "i", config: {}, identityParts: {}, planned: 1 });
    await made.close();
    const db = new Database(join(dir, "siturec.db"));
    db.exec("DROP TABLE model_calls; DROP TABLE texts");
    db.close();
    const old = new SqliteRunStore(dir, { readonly: true });
    expect(await old.modelCalls("r", "e", "t", 0)).toBeUndefined();
    await old.close();
    const store = new SqliteRunStore(dir);
    const h = { runId: "r", env: "e", task: { id: "t" } };
    await store.startEpisode(h, 0, "a");
    const calls = { roles: [], texts: { abc: "a text" } };
    await store.writeTurn(h, withModelCalls({ turn: 0 }, calls), undefined, "a");
    expect(await store.modelCalls("r", "e", "t", 0)).toEqual(calls);
    await store.close();
  });
});
