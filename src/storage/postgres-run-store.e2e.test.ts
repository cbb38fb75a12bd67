import { afterAll } from "vitest";
import { PostgresRunStore } from "./postgres-run-store.js";
import { describeRunStoreContract } from "./testing/run-store-contract.js";
import { freshPostgresDatabase, postgresUrlForTests, stopTestServices } from "./testing/test-services.js";

const server = await postgresUrlForTests();
afterAll(stopTestServices);

// Quick retries: a test that breaks a connection on purpose should not wait half a minute.
const opts = { retries: 3, retryDelayMs: 50 };

describeRunStoreContract("Postgres", {
  ...(server.reason !== undefined ? { skip: server.reason } : {}),
  create: async () => {
    const url = await freshPostgresDatabase(server.url!);
    return {
      store: new PostgresRunStore(url, opts),
      reopen: (o) => new PostgresRunStore(url, { ...opts, ...o }),
    };
  },
  openMissing: async () => new PostgresRunStore(await freshPostgresDatabase(server.url!), { readonly: true }),
});
