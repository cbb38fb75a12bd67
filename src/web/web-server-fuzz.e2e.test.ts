import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzRequest, fuzzRequests, send } from "../core/testing/http-fuzz.js";
import { type ServerProcess, startServerProcess } from "../core/testing/server-process.js";
import { tempDirs } from "../core/testing/temp-dirs.js";

const BIN = join(import.meta.dirname, "../../bin/siturec.js");
const ADMIN = "a".repeat(40);
const tmp = tempDirs("web-fuzz");
let server: ServerProcess;
let invite: string;

beforeAll(async () => {
  const dir = tmp();
  const { stdout } = await promisify(execFile)(process.execPath, [
    BIN,
    ...["study", "create", "fz", "--assistants", "reference", "--sample", "1", "--participants", "1"],
    ...["--per-participant", "1", "--dir", dir, "--json"],
  ]);
  invite = (JSON.parse(stdout) as { participants: { token: string }[] }).participants[0]!.token;
  server = await startServerProcess(
    ["serve", "--dir", dir, "--port", "0", "--admin-token", ADMIN],
    /siturec viewer for .*: (http:\/\/\S+?)\/ /,
  );
});
afterAll(async () => {
  if (server?.alive()) expect(await server.stop()).not.toBeNull();
});

/** What a refused request must leave as it was: the participant's record and the studies. */
async function snapshot(): Promise<string> {
  const mine = await (await fetch(`${server.url}/api/p/${invite}`)).text();
  const studies = await (
    await fetch(`${server.url}/api/admin/studies`, { headers: { authorization: `Bearer ${ADMIN}` } })
  ).text();
  return `${mine}\n${studies}`;
}

describe("the web server (viewer, studies, participant API) under random requests (fast-check, seeded)", () => {
  it("answers every request below 500, stays up, and a refused request changes nothing", async () => {
    const arb = fuzzRequests(
      [
        `/api/p/${invite}`,
        "/api/p/not-a-token",
        "/api/admin/studies",
        "/api/admin/session",
        "/api/runs",
        "/api/runs/%",
        "/api/leaderboard",
        "/api/maps/supermarket",
        "/api/images/%E0%A4%A",
        "/api/scene/moon",
        "/",
      ],
      ["/profile", "/start", "/act", "/answers", "/view.png", "/episodes/supermarket/sm-01.1", "/charts/sr"],
    ).map(
      (r): FuzzRequest =>
        r.path.startsWith("/api/admin") && r.method === "POST"
          ? { ...r, headers: { ...r.headers, authorization: `Bearer ${ADMIN}` } }
          : r,
    );
    await fc.assert(
      fc.asyncProperty(arb, async (req) => {
        const before = await snapshot();
        const res = await send(Number(new URL(server.url).port), req);
        expect("timedOut" in res, `no answer to ${req.method} ${req.path.slice(0, 80)}`).toBe(false);
        if ("status" in res) {
          expect(
            res.status,
            `${req.method} ${req.path.slice(0, 80)}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) expect(await snapshot()).toBe(before);
        }
        expect(server.alive(), server.stderr()).toBe(true);
      }),
      { numRuns: 150, seed: 20261202, endOnFailure: true },
    );
  });

  it("refuses a participant's utterance over 2,000 characters, and any body over 1 MB, without storing it", async () => {
    const act = (utterance: string) =>
      fetch(`${server.url}/api/p/${invite}/act`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ turn: 0, output: { utterance, tool_call: { name: "idle", arguments: {} } } }),
      });
    const before = await snapshot();
    const long = await act("x".repeat(2001));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toMatch(/utterance/);
    const huge = await send(Number(new URL(server.url).port), {
      method: "POST",
      path: `/api/p/${invite}/act`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ turn: 0, output: { utterance: "x".repeat(1_100_000) } }),
    });
    expect(huge).toMatchObject({ status: 413 });
    expect(await snapshot()).toBe(before);
  });
});
