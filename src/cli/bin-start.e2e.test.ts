import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { openRunStore } from "../storage/open-run-store.js";
import { runCli } from "./testing/run-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tmp = tempDirs("bin-start");
const bin = (...args: string[]) =>
  execFileSync(process.execPath, [`${root}bin/siturec.js`, ...args], { encoding: "utf8" });

describe("the built binary (dist/)", () => {
  it("prints the version, the help and a store's runs as the sources do", async () => {
    const store = tmp();
    await openRunStore(store).close();
    for (const args of [["--version"], ["--help"], ["runs", "--store", store]])
      expect(bin(...args), args.join(" ")).toBe((await runCli(...args)).out);
  });
});
