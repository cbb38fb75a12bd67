import { describe, expect, it } from "vitest";
import { runCli } from "./testing/run-cli.js";

describe("siturec serve's tokens", () => {
  it("refuses a read-only token that is malformed or the organiser's own, before anything starts", async () => {
    const same = await runCli("serve", "--admin-token", "t".repeat(40), "--viewer-token", "t".repeat(40));
    expect(same.code).toBe(2);
    expect(same.err).toContain("--viewer-token: must differ from --admin-token");
    const short = await runCli("serve", "--viewer-token", "short");
    expect(short.code).toBe(2);
    expect(short.err).toContain("--viewer-token: use 32 to 100 letters");
    const admin = await runCli("serve", "--admin-token", "a b");
    expect(admin.code).toBe(2);
    expect(admin.err).toContain("--admin-token: use 32 to 100 letters");
  });
});
