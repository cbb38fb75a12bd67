// Plug your own assistant into SituRecBench from TypeScript: it plays against the built-in
// rule-based shopper and moderator, and the run is stored like any other (siturec runs / export).
import {
  type AssistantContext,
  type AssistantOutput,
  type AssistantPolicy,
  openRunStore,
  type PolicyReply,
  parseRunConfig,
  runBenchmark,
} from "siturec";

/** Asks, then sends the shopper to the nearest visible fixture, store or area. */
class NearestTargetAssistant implements AssistantPolicy {
  readonly id = "nearest-target";

  async act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>> {
    const target = ctx.observation.targets[0];
    const output: AssistantOutput =
      ctx.turn === 0 || !target
        ? {
            utterance: "Hi! What are you shopping for today?",
            assistant_actions: [{ type: "Greet" }],
            expected_user_action: { name: "idle", arguments: {} },
            ranking: [],
            tool_calls: [],
          }
        : {
            utterance: `Let's start at the ${target.name}, just ${target.bearing === "ahead" ? "ahead" : `to your ${target.bearing}`}.`,
            assistant_actions: [
              ctx.env === "supermarket"
                ? { type: "Navigate", navigation_goal: target.handle, reason: "closest place to look" }
                : {
                    type: "Navigate",
                    navigation_goal: target.handle,
                    next_waypoint: target.handle,
                    target_approach: "area_point",
                    reason: "closest place to look",
                  },
            ],
            expected_user_action: { name: "idle", arguments: {} },
            ranking: [],
            tool_calls: [],
          };
    return { output, calls: [] };
  }
}

export async function runExample(storeDir = "siturec-runs") {
  const config = parseRunConfig({ env: "supermarket", tasks: "0:2", storeDir });
  const result = await runBenchmark(config, {
    assistant: { id: "nearest-target", create: () => new NearestTargetAssistant() },
  });
  console.table(result.summaries.map((s) => ({ store: s.env, sr: s.successRate, turns: s.meanTurns })));
  // Read the trajectories back.
  const store = openRunStore(storeDir);
  for await (const t of store.trajectories(result.runId))
    console.log(t.header.task.id, t.outcome.reason, t.turns.length);
  await store.close();
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await runExample();
