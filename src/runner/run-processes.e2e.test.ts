import { type ChildProcess, execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { exportOf, holdStoreWhen, tmpStore as tmp } from "./testing/run-store-reads.js";

const exec = promisify(execFile);
const GREET = JSON.stringify({
  utterance: "Hello! What can I help you find today?",
  assistant_actions: [{ type: "AskPreference" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: [],
  tool_calls: [],
});
const bin = join(import.meta.dirname, "../../bin/siturec.js");

describe("runs across processes: killed, stopped, raced", () => {
  it("a run killed with SIGKILL mid-way and resumed equals an uninterrupted run, no episode lost or duplicated", async () => {
    const args = [
      "run",
      "--env",
      "supermarket",
      "--tasks",
      "0:5",
      "--concurrency",
      "1",
      "--quiet",
      "--run-id",
      "k",
    ];
    const killedDir = tmp("killed");
    const child: ChildProcess = spawn(process.execPath, [bin, ...args, "--out", killedDir], {
      detached: true,
      stdio: "ignore",
    });
    const gone = new Promise((r) => child.once("exit", r));
    const db = join(killedDir, "siturec.db");
    // Mid-way for sure: two episodes finished, and the run waiting on the store's lock for its next write.
    const hold = await holdStoreWhen(killedDir, child, "finished", 2);
    // Kill the whole group (Node and its Chromium) at once, without warning.
    process.kill(-child.pid!, "SIGKILL");
    // Reaped: its pid no longer exists (a zombie's still would).
    await gone;
    hold.release();
    // A dead run does not look alive.
    const listed = await exec(process.execPath, [bin, "runs", "--dir", killedDir, "--json"]);
    expect((JSON.parse(listed.stdout) as { status: string }[])[0]!.status).toBe("interrupted");
    const d = new Database(db, { readonly: true });
    const rows = d
      .prepare(
        "SELECT e.task_id, e.status, e.turns, (SELECT count(*) FROM turns t WHERE t.run_id = e.run_id AND t.task_id = e.task_id) AS stored FROM episodes e",
      )
      .all() as {
      task_id: string;
      status: string;
      turns: number;
      stored: number;
    }[];
    d.close();
    expect(rows.filter((r) => r.status === "finished").length).toBeGreaterThanOrEqual(2);
    for (const r of rows.filter((r) => r.status === "finished")) expect(r.stored, r.task_id).toBe(r.turns);
    await exec(process.execPath, [bin, "run", "--resume", "k", "--out", killedDir, "--quiet"]);
    const cleanDir = tmp("clean");
    await exec(process.execPath, [bin, ...args, "--out", cleanDir]);
    const resumed = await exportOf(killedDir, "k");
    expect(resumed.split("\n")).toHaveLength(5);
    expect(resumed).toBe(await exportOf(cleanDir, "k"));
  });

  it("two processes on one run: the second is refused while the first plays it, and no episode loses turns", async () => {
    // The first run's assistant is a mock model whose first answer the test holds: the second
    // process is started while the first is surely mid-episode, however fast or slow this machine is.
    const mock = await MockOpenAIServer.start();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    mock.fallback = () => ({ kind: "text", content: GREET });
    mock.enqueue({ kind: "held", until: held, reply: { kind: "text", content: GREET } });
    const dir = tmp("two");
    const args = ["run", "--env", "supermarket", "--tasks", "0:3", "--concurrency", "1", "--quiet"];
    const model = ["--assistant", mock.modelId(), "--no-preflight", "--max-turns", "2"];
    const first = spawn(process.execPath, [bin, ...args, ...model, "--run-id", "two", "--out", dir], {
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => first.on("exit", resolve));
    try {
      while (mock.requests.length === 0) {
        expect(first.exitCode, "the first run ended before its assistant was asked").toBeNull();
        await new Promise((r) => setTimeout(r, 100));
      }
      const second = await exec(process.execPath, [bin, "run", "--resume", "two", "--out", dir]).then(
        () => ({ code: 0, stderr: "" }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/run two is being run by pid \d+ on \S+ since \d{4}-/);
    } finally {
      release();
    }
    expect(await exited).toBe(0);
    await mock.close();
    const d = new Database(join(dir, "siturec.db"), { readonly: true });
    const rows = d
      .prepare(
        "SELECT e.status, e.turns, (SELECT count(*) FROM turns t WHERE t.task_id = e.task_id) AS stored FROM episodes e",
      )
      .all() as { status: string; turns: number; stored: number }[];
    d.close();
    expect(rows).toHaveLength(3);
    for (const r of rows) expect([r.status, r.stored]).toEqual(["finished", r.turns]);
  });

  it("Ctrl-C mid-run: the episodes in flight finish, the run is interrupted, and a resume completes it byte for byte", async () => {
    const args = [
      "run",
      "--env",
      "supermarket",
      "--tasks",
      "0:4",
      "--concurrency",
      "1",
      "--quiet",
      "--run-id",
      "c",
    ];
    const dir = tmp("sigint");
    const child = spawn(process.execPath, [bin, ...args, "--out", dir], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // Signalled while it waits on the store's lock for its next write, with an episode finished.
    const hold = await holdStoreWhen(dir, child, "finished", 1);
    child.kill("SIGINT");
    hold.release();
    expect(await exited).toBe(130);
    expect(stderr).toContain("resume with: siturec run --resume c");
    const listed = await exec(process.execPath, [bin, "runs", "--dir", dir, "--json"]);
    const [run] = JSON.parse(listed.stdout) as { status: string; finished: number }[];
    expect(run!.status).toBe("interrupted");
    // Nothing half-written: every episode is finished (the one in flight completed) or not started.
    expect(run!.finished).toBeGreaterThanOrEqual(1);
    expect(run!.finished).toBeLessThan(4);
    await exec(process.execPath, [bin, "run", "--resume", "c", "--out", dir, "--quiet"]);
    const clean = tmp("sigint-clean");
    await exec(process.execPath, [bin, ...args, "--out", clean]);
    expect(await exportOf(dir, "c")).toBe(await exportOf(clean, "c"));
  });
});
