import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "../core/testing/server-process.js";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { openRunStore } from "../storage/open-run-store.js";

const tmp = tempDirs("serve-store-flag");

describe("siturec serve --store", () => {
  it("serves the store it names, by either flag", async () => {
    const dir = tmp();
    await openRunStore(dir).close(); // an empty store, made
    expect(existsSync(join(dir, "siturec.db"))).toBe(true);
    for (const flag of ["--store", "--dir"]) {
      const serve = await startServerProcess(["serve", flag, dir, "--port", "0"], /viewer for .*: (\S+)\/ /);
      try {
        const runs = await fetch(`${serve.url}/api/runs`);
        expect(runs.status, flag).toBe(200);
        expect(await runs.json(), flag).toEqual([]);
      } finally {
        await serve.stop();
      }
    }
  });
});
