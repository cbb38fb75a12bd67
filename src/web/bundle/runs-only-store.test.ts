import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openRunStore } from "../../storage/open-run-store.js";
import type { RunStore } from "../../storage/run-store.js";
import { runsOnlyStore } from "./runs-only-store.js";

describe("a bundle's view of a run store", () => {
  let store: RunStore;

  beforeEach(async () => {
    store = openRunStore(mkdtempSync(join(tmpdir(), "siturec-bundle-view-")));
    for (const id of ["kept", "other"])
      await store.createRun({ id, identity: id, config: {}, identityParts: {}, planned: 1 });
    await store.putRecord("study", "s1", { id: "s1" });
  });

  afterEach(async () => {
    await store.close();
  });

  it("holds the runs it was given and nothing else: no other run, no study", async () => {
    const view = runsOnlyStore(store, ["kept"]);
    expect((await view.listRuns()).map((r) => r.id)).toEqual(["kept"]);
    expect(await view.getRun("kept")).toMatchObject({ id: "kept" });
    expect(await view.getRun("other")).toBeUndefined();
    expect(await view.episodes("other")).toEqual([]);
    expect(await view.storedEpisode("other", "supermarket", "sm-01.1")).toBeUndefined();
    const streamed: unknown[] = [];
    for await (const t of view.trajectories("other")) streamed.push(t);
    expect(streamed).toEqual([]);
    expect(await view.listRecords("study")).toEqual([]);
    expect(await view.getRecord("study", "s1")).toBeUndefined();
    // What the view does not override reads the store.
    expect(view.location).toBe(store.location);
    expect(await view.spent("kept")).toEqual([]);
  });

  it("refuses every write, and closing it leaves the store open", async () => {
    const view = runsOnlyStore(store, ["kept"]);
    await expect(view.setRunStatus("kept", "complete")).rejects.toThrow(/read-only \(setRunStatus\)/);
    await expect(view.putRecord("study", "s2", {})).rejects.toThrow(/read-only/);
    await view.close();
    expect((await store.getRun("kept"))?.status).not.toBe("complete");
    expect((await store.listRuns()).length).toBe(2);
  });
});
