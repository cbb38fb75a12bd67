import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const where = ["src", "scripts", "examples"];
const workers = Math.max(2, availableParallelism());

/**
 * Two tiers, told apart by file name (README, "Testing"):
 * - unit (`*.test.ts`): no browser, server, child process or network (test/unit-guard.ts refuses them),
 *   every test well under its 5 s timeout; runs first, so a broken build fails in about a minute;
 * - e2e (`*.e2e.test.ts`): everything else, in one Chromium launched once for the run
 *   (test/shared-browser.ts) that every file attaches to.
 * Timeouts are set here once per tier; no test sets its own.
 */
export default defineConfig({
  // The examples import the package by name, as users do; in tests that is the source.
  resolve: {
    alias: [
      { find: /^siturec$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
      { find: /^siturec\/(.+)$/, replacement: fileURLToPath(new URL("./src/api/$1.ts", import.meta.url)) },
    ],
  },
  test: {
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: where.map((d) => `${d}/**/*.test.ts`),
          exclude: ["**/*.e2e.test.ts", "**/node_modules/**"],
          setupFiles: ["test/unit-guard.ts"],
          testTimeout: 5_000,
          hookTimeout: 5_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: where.map((d) => `${d}/**/*.e2e.test.ts`),
          globalSetup: ["test/shared-browser.ts"],
          setupFiles: ["test/e2e-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          // expect.poll waits for a page or a process: as long as that takes, not vitest's 1 s.
          expect: { poll: { timeout: 60_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
