import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The examples import the package by name, as users do; in tests that is the source.
  resolve: { alias: { siturec: fileURLToPath(new URL("./src/index.ts", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "examples/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
