import { shortMessage } from "../core/errors.js";
import { connectRedis } from "../runner/queue/redis-url.js";
import type { DoctorCheck } from "./doctor-command.js";

/** What Redis says of one setting (`CONFIG GET`), or undefined where the server refuses CONFIG (managed Redis). */
async function setting(
  redis: Awaited<ReturnType<typeof connectRedis>>,
  name: string,
): Promise<string | undefined> {
  try {
    const [, value] = (await redis.config("GET", name)) as [string, string];
    return value;
  } catch {
    return undefined;
  }
}

/**
 * The queue's Redis, as a run on it needs it: reachable, keeping its jobs across a restart
 * (persistence) and never evicting them (maxmemory-policy noeviction). Not needed by the default run.
 */
export async function queueChecks(url: string): Promise<DoctorCheck[]> {
  let redis: Awaited<ReturnType<typeof connectRedis>>;
  try {
    redis = await connectRedis(url);
  } catch (err) {
    return [
      {
        name: "queue",
        ok: false,
        required: false,
        detail: shortMessage(err),
        fix: "start Redis there, or fix --queue",
      },
    ];
  }
  try {
    const [appendonly, save, policy] = await Promise.all([
      setting(redis, "appendonly"),
      setting(redis, "save"),
      setting(redis, "maxmemory-policy"),
    ]);
    const unknown = "unknown (the server refuses CONFIG GET)";
    const persists = appendonly === "yes" || (save !== undefined && save !== "");
    return [
      { name: "queue", ok: true, required: false, detail: "Redis answers" },
      {
        name: "queue persistence",
        ok: appendonly === undefined || persists,
        required: false,
        detail: appendonly === undefined ? unknown : `appendonly ${appendonly}, save '${save ?? ""}'`,
        ...(persists || appendonly === undefined
          ? {}
          : {
              fix: "a restart loses every queued job: run Redis with --appendonly yes (docs/distributed.md)",
            }),
      },
      {
        name: "queue eviction",
        ok: policy === undefined || policy === "noeviction",
        required: false,
        detail: policy === undefined ? unknown : `maxmemory-policy ${policy}`,
        ...(policy === undefined || policy === "noeviction"
          ? {}
          : {
              fix: "Redis may evict queued jobs for cache entries: set maxmemory-policy noeviction (docs/distributed.md)",
            }),
      },
    ];
  } finally {
    redis.disconnect();
  }
}
