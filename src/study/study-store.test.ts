import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "./create-study.js";
import { StudyStore } from "./study-store.js";

const tmp = tempDirs("study-store");
const token = (code: string) => `${code}-token`.padEnd(40, "x");
const made = () =>
  createStudy({ id: "pilot", assistants: ["reference"], tasks: ["sm-01.1"], participants: ["P1"], token });

describe("the study store's invites", () => {
  it("a revocation is stored: it holds after a restart, and a reissue's new token is the one that works", async () => {
    const dir = tmp();
    const first = openRunStore(dir);
    const studies = new StudyStore(first);
    await studies.create(made());
    expect((await studies.lookup(token("P1")))?.kind).toBe("active");
    await studies.revoke("pilot", "P1", "2025-03-04T09:00:00.000Z");
    expect((await studies.lookup(token("P1")))?.kind).toBe("withdrawn");
    await first.close();

    // A new process on the same store.
    const second = openRunStore(dir);
    try {
      const again = new StudyStore(second);
      expect(await again.lookup(token("P1"))).toMatchObject({
        kind: "withdrawn",
        participant: { code: "P1" },
      });
      expect(await again.byToken(token("P1"))).toBeUndefined();
      const reissued = await again.reissue("pilot", "P1", "n".repeat(43));
      expect(reissued.participants[0]!.token).toBe("n".repeat(43));
      expect((await again.byToken("n".repeat(43)))?.participant.code).toBe("P1");
      expect((await again.lookup(token("P1")))?.kind).toBe("withdrawn");
    } finally {
      await second.close();
    }
  });

  it("a token found before counts as withdrawn at once when another handle (process) revokes it", async () => {
    const dir = tmp();
    const server = openRunStore(dir);
    const cli = openRunStore(dir);
    try {
      const serving = new StudyStore(server);
      await serving.create(made());
      expect((await serving.lookup(token("P1")))?.kind).toBe("active");
      await new StudyStore(cli).revoke("pilot", "P1");
      expect((await serving.lookup(token("P1")))?.kind).toBe("withdrawn");
    } finally {
      await cli.close();
      await server.close();
    }
  });

  it("names an unknown study or participant, and never writes a record that would not read back", async () => {
    const store = openRunStore(tmp());
    try {
      const studies = new StudyStore(store);
      const study = made();
      await studies.create(study);
      await expect(studies.revoke("nope", "P1")).rejects.toThrow(/no study 'nope'/);
      await expect(studies.reissue("pilot", "P9", "n".repeat(43))).rejects.toThrow(/no participant 'P9'/);
      const record = await studies.record(study, study.participants[0]!);
      await expect(
        studies.saveRecord({
          ...record,
          interactions: [{ ...record.interactions[0]!, status: "lost" as "done" }],
        }),
      ).rejects.toThrow(/status/);
      expect(await studies.record(study, study.participants[0]!)).toEqual(record);
    } finally {
      await store.close();
    }
  });
});
