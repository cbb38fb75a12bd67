import { describe, expect, it } from "vitest";
import { freshRedisDatabase, redisUrlForTests } from "../storage/testing/test-services.js";
import type { DoctorCheck } from "./doctor-command.js";
import { runCli } from "./testing/run-cli.js";

const redis = await redisUrlForTests();

describe.skipIf(!redis.url)("siturec doctor --queue", () => {
  it("says whether the queue's Redis keeps its jobs (the tests' Redis persists nothing) and whether it can evict them", async () => {
    const queue = await freshRedisDatabase(redis.url!, 15);
    const r = await runCli("doctor", "--queue", queue, "--json");
    const checks = (JSON.parse(r.out) as { checks: DoctorCheck[] }).checks;
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
    expect(byName.queue).toMatchObject({ ok: true });
    expect(byName["queue persistence"]).toMatchObject({ ok: false, required: false });
    expect(byName["queue persistence"]!.fix).toMatch(/--appendonly yes/);
    expect(byName["queue eviction"]!.detail).toMatch(/maxmemory-policy \S+/);
  });

  it("a queue it cannot reach is a failed check that hides the URL's password", async () => {
    const r = await runCli("doctor", "--queue", "redis://:pa55word-x@127.0.0.1:1/0");
    expect(r.out).toMatch(/queue\s+missing/);
    expect(r.out).toContain("redis://:***@127.0.0.1:1");
    expect(r.out).not.toContain("pa55word-x");
  });
});
