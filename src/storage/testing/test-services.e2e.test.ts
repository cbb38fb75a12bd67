import { createConnection } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  freshPostgresDatabase,
  postgresUrlForTests,
  redisUrlForTests,
  stopTestServices,
} from "./test-services.js";

const postgres = await postgresUrlForTests();
const redis = await redisUrlForTests();
afterAll(stopTestServices);
for (const [name, service] of [
  ["Postgres", postgres],
  ["Redis", redis],
] as const)
  if (service.reason) console.warn(`skipping the ${name} test service's test: ${service.reason}`);

describe("the servers the tests use", () => {
  it.skipIf(!postgres.url)("Postgres gives each test a database of its own", async () => {
    const [a, b] = await Promise.all([
      freshPostgresDatabase(postgres.url!),
      freshPostgresDatabase(postgres.url!),
    ]);
    expect(a).not.toBe(b);
    for (const url of [a, b]) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ db: string }>("SELECT current_database() AS db");
      expect(url.endsWith(`/${rows[0]?.db}`)).toBe(true);
      await client.end();
    }
  });

  it.skipIf(!redis.url)("Redis answers on loopback", async () => {
    const url = new URL(redis.url!);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host: url.hostname, port: Number(url.port) }, () =>
        socket.write("PING\r\n"),
      );
      socket.on("data", (data) => {
        socket.destroy();
        resolve(data.toString());
      });
      socket.on("error", reject);
    });
    expect(reply).toBe("+PONG\r\n");
  });
});
