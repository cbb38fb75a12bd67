import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "../core/testing/server-process.js";
import { tempDirs } from "../core/testing/temp-dirs.js";
import {
  freshPostgresDatabase,
  freshRedisDatabase,
  postgresUrlForTests,
  redisUrlForTests,
} from "../storage/testing/test-services.js";
import { resumeCommand } from "./run-target.js";
import { runCli } from "./testing/run-cli.js";

const PASSWORD = "hunter2-Sekret-9f3";
const BIN = join(import.meta.dirname, "../../bin/siturec.js");
const [postgres, redis] = await Promise.all([postgresUrlForTests(), redisUrlForTests()]);
const tmp = tempDirs("secrets");

/** The test server trusts loopback, so a password in the URL is carried everywhere but checked nowhere. */
async function storeWithPassword(): Promise<string> {
  const url = new URL(await freshPostgresDatabase(postgres.url!));
  url.username ||= "postgres";
  url.password = PASSWORD;
  return url.toString();
}

/** Every row of every table of the store's database, as text. */
async function everyRow(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    const rows: string[] = [];
    for (const { tablename } of tables.rows) {
      const r = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${tablename}" t`);
      rows.push(...r.rows.map((x) => x.row));
    }
    expect(tables.rows.length).toBeGreaterThan(3);
    return rows.join("\n");
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgres.url)("a password in a store or queue URL is never printed or stored", () => {
  it("runs, lists, exports and evaluates with a password-bearing store; a dead queue's error hides its password", async () => {
    const store = await storeWithPassword();
    const dir = tmp();
    const seen: string[] = [];
    const cli = async (...args: string[]) => {
      const r = await runCli(...args);
      seen.push(r.out, r.err);
      return r;
    };
    const cs = await cli(
      ...["customersim", "run", "--shopper", "rule", "--sales", "reference"],
      "--category",
      "laptops",
      "--personas",
      "0:3",
      "--store",
      store,
    );
    expect(cs.code, cs.err).toBe(0);
    const situ = await cli(
      "run",
      "--env",
      "supermarket",
      "--tasks",
      "0:1",
      "--store",
      store,
      "--run-id",
      "s1",
    );
    expect(situ.code, situ.err).toBe(0);
    const runs = await cli("runs", "--store", store, "--json");
    const csRun = (JSON.parse(runs.out) as { id: string; benchmark: string }[]).find(
      (r) => r.benchmark === "customersim",
    )!.id;
    await cli("export", "s1", "--store", store, "--out", join(dir, "s1.jsonl"));
    await cli(
      "customersim",
      "export",
      csRun,
      "--format",
      "sft",
      "--store",
      store,
      "--out",
      join(dir, "cs.jsonl"),
    );
    await cli("evaluate", "s1", "--store", store);
    await cli("customersim", "evaluate", csRun, "--store", store);
    const queued = await cli(
      "run",
      ...["--env", "supermarket", "--tasks", "0:1", "--store", store],
      ...["--queue", `redis://:${PASSWORD}@127.0.0.1:1/0`],
    );
    expect(queued.code).not.toBe(0);
    expect(queued.err).toMatch(/redis:\/\/:\*\*\*@127\.0\.0\.1:1/);

    const sources: Record<string, string> = {
      "stdout and stderr": seen.join("\n"),
      "the SituRecBench export": readFileSync(join(dir, "s1.jsonl"), "utf8"),
      "the CustomerSim export": readFileSync(join(dir, "cs.jsonl"), "utf8"),
      "the run store's tables": await everyRow(store),
    };
    expect(sources["the SituRecBench export"]!.length).toBeGreaterThan(1000);
    // Where the password shows, with a little context (never the whole text).
    const leaks = Object.entries(sources).flatMap(([where, text]) => {
      const at = text.indexOf(PASSWORD);
      return at < 0 ? [] : [`${where}: …${text.slice(Math.max(0, at - 80), at + 30)}…`];
    });
    expect(leaks).toEqual([]);
    expect(sources["stdout and stderr"]).toContain("postgres://postgres:***@");
  });

  it.skipIf(!redis.url)(
    "a run played by a queue worker, both given password-bearing URLs, prints and stores neither password",
    async () => {
      const store = await storeWithPassword();
      const q = new URL(await freshRedisDatabase(redis.url!, 13));
      // The test Redis has no password: it is sent, refused politely, and the connection goes on.
      q.password = PASSWORD;
      const queue = q.toString();
      const worker = await startServerProcess(
        ["worker", "--queue", queue, "--store", store, "--concurrency", "2"],
        /^(worker \S+): queue/m,
      );
      // The planner from the built CLI too: a worker refuses runs planned by other code (src vs dist).
      let run: { code: number; out: string; err: string };
      try {
        run = await new Promise((ok) =>
          execFile(
            process.execPath,
            [
              BIN,
              ...["customersim", "run", "--shopper", "rule", "--sales", "reference", "--category", "laptops"],
              ...["--personas", "0:4", "--store", store, "--queue", queue, "--run-id", "queued"],
            ],
            (err, out, stderr) => ok({ code: err ? Number(err.code ?? 1) : 0, out, err: stderr }),
          ),
        );
      } finally {
        await worker.stop();
      }
      expect(run.code, `${run.out}\n${run.err}\n${worker.stderr()}`).toBe(0);
      expect(worker.stderr()).toMatch(/done in/);
      const sources: Record<string, string> = {
        "the planner's output": run.out + run.err,
        "the worker's log": worker.stderr(),
        "the run store's tables": await everyRow(store),
      };
      const leaks = Object.entries(sources).flatMap(([where, text]) => {
        const at = text.indexOf(PASSWORD);
        return at < 0 ? [] : [`${where}: …${text.slice(Math.max(0, at - 80), at + 30)}…`];
      });
      expect(leaks).toEqual([]);
      expect(worker.stderr()).toContain(":***@");
    },
  );

  it("a resume hint names the store and the queue the run used", () => {
    expect(
      resumeCommand("siturec run", "r1", { store: "postgres://u:p@db/x", queue: "redis://q:6379" }),
    ).toBe("siturec run --resume r1 --store postgres://u:p@db/x --queue redis://q:6379");
  });
});
