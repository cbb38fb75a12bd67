import { mkdtempSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EpisodeHeader, EpisodeOutcome, TurnRecord } from "../trajectory/trajectory.js";
import { emptyUsages } from "../trajectory/usage.js";
import { LeaseLostError, RunBusyError } from "./run-store.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

// Only what the store reads of a header: the run, the store and the task's id.
const header = { runId: "r1", env: "supermarket", task: { id: "sm-01.1" } } as unknown as EpisodeHeader;
const outcome = {
  reason: "turn_limit",
  success: false,
  turns: 1,
  recommendations: 0,
  cart: [],
  purchased: null,
  purchasedReference: false,
  usage: emptyUsages(),
} as EpisodeOutcome;
const turn = { turn: 0 } as unknown as TurnRecord;

async function store() {
  const s = new SqliteRunStore(mkdtempSync(join(tmpdir(), "siturec-lease-")));
  await s.createRun({ id: "r1", identity: "x", config: {}, identityParts: {}, planned: 1 });
  return s;
}
const a = { id: "A", pid: process.pid, host: hostname() };
const b = { id: "B", pid: process.pid, host: hostname() };

describe("a run is played by one process at a time", () => {
  it("a second owner is refused while the first is alive, naming it; a stale or dead owner is taken over", async () => {
    const s = await store();
    await s.acquireLease("r1", a);
    const refused = s.acquireLease("r1", b);
    await expect(refused).rejects.toBeInstanceOf(RunBusyError);
    await expect(s.acquireLease("r1", b)).rejects.toThrow(
      new RegExp(`^run r1 is being run by pid ${process.pid} on ${hostname()} since \\d{4}-`),
    );
    expect((await s.getRun("r1"))?.status).toBe("running");
    // A's heartbeat goes stale: B takes the run, and A learns it lost it.
    s.db.prepare("UPDATE leases SET heartbeat = '2020-01-01T00:00:00.000Z'").run();
    expect((await s.getRun("r1"))?.status).toBe("interrupted");
    await s.acquireLease("r1", b);
    await expect(s.renewLease("r1", "A")).rejects.toBeInstanceOf(LeaseLostError);
    // A dead process on this host frees the run at once.
    s.db.prepare("UPDATE leases SET pid = 999999999").run();
    await s.acquireLease("r1", a);
    await s.close();
  });

  it("every write names its attempt; a finished episode is never restarted", async () => {
    const s = await store();
    expect(await s.startEpisode(header, 0, "A#1")).toBe(true);
    await s.writeTurn(header, turn, undefined, "A#1");
    // Another attempt takes the episode: the first may not write to it any more.
    expect(await s.startEpisode(header, 0, "B#1")).toBe(true);
    await expect(s.writeTurn(header, turn, undefined, "A#1")).rejects.toBeInstanceOf(LeaseLostError);
    await expect(s.failEpisode(header, outcome, "A#1")).rejects.toBeInstanceOf(LeaseLostError);
    await s.writeTurn(header, turn, outcome, "B#1");
    expect((await s.episodes("r1")).map((e) => [e.status, e.turns])).toEqual([["finished", 1]]);
    expect(await s.startEpisode(header, 0, "C#1")).toBe(false);
    expect((await s.episodes("r1")).map((e) => e.status)).toEqual(["finished"]);
    await s.close();
  });
});
