import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRunStore, resolveStoreLocation } from "./open-run-store.js";
import { redactUrl } from "./postgres-error.js";
import { PostgresRunStore } from "./postgres-run-store.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

describe("opening a run store", () => {
  it("opens a Postgres store for a postgres:// or postgresql:// URL (lazily: nothing connects yet), else a SQLite folder", async () => {
    for (const url of ["postgres://u:pw@127.0.0.1:1/db", "postgresql://127.0.0.1:1/db", "POSTGRES://h/db"]) {
      const store = openRunStore(url, { readonly: true });
      expect(store).toBeInstanceOf(PostgresRunStore);
      await store.close();
    }
    const dir = mkdtempSync(join(tmpdir(), "siturec-open-"));
    const store = openRunStore(dir);
    expect(store).toBeInstanceOf(SqliteRunStore);
    expect(store.location).toBe(dir);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("names a Postgres store by its URL with the password hidden", async () => {
    const store = openRunStore("postgresql://runner:p%40ss:w0rd@db.example:5433/siturec?sslmode=require");
    expect(store.location).toBe("postgresql://runner:***@db.example:5433/siturec?sslmode=require");
    await store.close();
    expect(redactUrl("postgres://db.example/siturec")).toBe("postgres://db.example/siturec");
    expect(redactUrl("postgres://runner@db.example/siturec")).toBe("postgres://runner@db.example/siturec");
    expect(redactUrl("postgres://runner:secret@[bad/x")).toBe("postgres://runner:***@[bad/x");
  });

  it("takes its location from the flag, else SITUREC_STORE_URL, else leaves the command's default", () => {
    const env = { SITUREC_STORE_URL: "postgres://h/db" };
    expect(resolveStoreLocation("runs", env)).toBe("runs");
    expect(resolveStoreLocation(undefined, env)).toBe("postgres://h/db");
    expect(resolveStoreLocation("", env)).toBe("postgres://h/db");
    expect(resolveStoreLocation(undefined, { SITUREC_STORE_URL: "  " })).toBeUndefined();
    expect(resolveStoreLocation(undefined, {})).toBeUndefined();
  });
});
