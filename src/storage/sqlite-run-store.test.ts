import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { SqliteRunStore } from "./sqlite-run-store.js";
import { describeRunStoreContract } from "./testing/run-store-contract.js";

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), "siturec-contract-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeRunStoreContract("SQLite", {
  create: async () => {
    const dir = tmp();
    return { store: new SqliteRunStore(dir), reopen: (opts) => new SqliteRunStore(dir, opts) };
  },
  openMissing: async () => new SqliteRunStore(join(tmp(), "nothing-here"), { readonly: true }),
});
