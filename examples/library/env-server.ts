// `siturec/env-server`: serve the benchmarks as environments a trainer steps through, and drive one
// with the client: here a scripted CustomerSim shopper that states its need, then walks out.
import { EnvClient, type Observation, type StepRequest, startEnvServer } from "siturec/env-server";

export async function scriptedRollout(dir: string): Promise<{ rewards: number[]; runIds: string[] }> {
  const server = await startEnvServer({ port: 0, dir });
  try {
    const env = new EnvClient({ url: server.url, token: server.token });
    const shopper = (obs: Observation): StepRequest["action"] =>
      obs.turn === 0
        ? { text: "Hi, I need a laptop for college, light and with a long battery life." }
        : { text: "Thanks, I'll think about it.", tool_calls: [{ name: "end_conversation", arguments: {} }] };
    const { rewards } = await env.rollout({ env: "customersim", persona: "lt-p001" }, shopper);
    return { rewards, runIds: server.runIds() };
  } finally {
    await server.close();
  }
}
