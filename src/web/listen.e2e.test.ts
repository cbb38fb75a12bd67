import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SiturecError } from "../core/errors.js";
import { startWebServer } from "./server.js";

describe("starting the web server", () => {
  it("on a port already in use: an error that says so and what to do, not a bug report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-listen-"));
    const first = await startWebServer({ dir, port: 0 });
    try {
      const second = startWebServer({ dir, port: first.port });
      await expect(second).rejects.toBeInstanceOf(SiturecError);
      await expect(second).rejects.toThrow(`port ${first.port} on 127.0.0.1 is in use`);
    } finally {
      await first.close();
    }
  });
});
