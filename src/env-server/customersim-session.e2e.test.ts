import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCustomerSimRun } from "../customersim/stored-conversation.js";
import { openRunStore } from "../storage/open-run-store.js";
import { EnvClient, EnvClientError } from "./client.js";
import { type RunningEnvServer, startEnvServer } from "./env-server.js";
import type { Observation } from "./protocol.js";

let dir: string;
let server: RunningEnvServer;
let client: EnvClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "siturec-env-cs-"));
  server = await startEnvServer({ port: 0, dir });
  client = new EnvClient({ url: server.url });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A scripted shopper: states its need, then buys the first product the salesperson recommended. */
function buyer(observation: Observation) {
  const transcript = observation.context.transcript as { role: string; recommended: string[] }[];
  const recommended = transcript.flatMap((t) => (t.role === "sales" ? t.recommended : []));
  if (recommended.length)
    return {
      text: "I'll take it.",
      tool_calls: [{ name: "add_to_cart", arguments: { product_id: recommended[0] } }],
    };
  const persona = observation.context.persona as { shoppingFor: string };
  return { text: `I need ${persona.shoppingFor} within my budget that meets my needs.` };
}

describe("CustomerSim sessions", () => {
  it("serves the LLM shopper's prompt, tools and schema, and stores a conversation that reads back", async () => {
    const state = await client.createSession({ env: "customersim", persona: 0, agentId: "scripted" });
    expect(state.status).toBe("created");
    const obs = await client.reset(state.id);
    expect(obs.messages[0]).toMatchObject({ role: "system" });
    expect(String(obs.messages[0]!.content)).toContain("Here is your persona.");
    expect(obs.tools?.map((t) => t.function.name)).toEqual(["add_to_cart", "end_conversation"]);
    expect(obs.actionSchema).toHaveProperty("properties.text");
    let result = await client.step(state.id, buyer(obs));
    let steps = 1;
    while (!result.terminated && !result.truncated) {
      result = await client.step(state.id, buyer(result.observation!));
      steps++;
    }
    expect(result.observation).toBeNull();
    expect(result.terminated).toBe(true);
    const reward = result.info.reward as { reward: number; components: Record<string, number | null> };
    expect(reward.components.align).not.toBeNull();
    expect(result.reward).toBe(reward.reward);
    const final = await client.state(state.id);
    expect(final.status).toBe("ended");
    expect(final.outcome).toMatchObject({ reason: "purchase" });
    const store = openRunStore(dir, { readonly: true });
    try {
      const { results, headers } = await readCustomerSimRun(store, final.runId!);
      expect(results).toHaveLength(1);
      expect(results[0]!.rounds).toBe(steps);
      expect(headers[0]!.agents.shopper).toBe("scripted");
    } finally {
      await store.close();
    }
    await expect(client.step(state.id, buyer(obs))).rejects.toMatchObject({ status: 409 });
    await client.close(state.id);
  });

  it("a persona played twice goes to the next run of the series (a GRPO group)", async () => {
    const runs = new Set<string>();
    for (let g = 0; g < 3; g++) {
      const { state } = await client.rollout({ env: "customersim", persona: 1, images: "none" }, () => ({
        text: "not for me",
        tool_calls: [{ name: "end_conversation", arguments: {} }],
      }));
      runs.add(state.runId!);
    }
    expect(runs.size).toBe(3);
  });

  it("a malformed tool call is a recorded format error, and the conversation goes on", async () => {
    const { id } = await client.createSession({ env: "customersim", persona: 2, images: "none" });
    await client.reset(id);
    const r = await client.step(id, {
      text: "hm",
      tool_calls: [{ name: "add_to_cart", arguments: { nope: 1 } }],
    });
    expect(r.terminated || r.truncated).toBe(false);
    expect((r.observation!.context.transcript as { formatErrors: string[] }[])[0]!.formatErrors.length).toBe(
      1,
    );
    await client.close(id);
  });

  it("a dropped session leaves an error episode, not a finished one", async () => {
    const { id } = await client.createSession({ env: "customersim", persona: 3, images: "none" });
    await client.reset(id);
    await client.step(id, { text: "hello" });
    const state = await client.state(id);
    await client.close(id);
    const store = openRunStore(dir, { readonly: true });
    try {
      const row = (await store.episodes(state.runId!)).find((e) => e.taskId === state.episode.taskId)!;
      expect(row.status).toBe("error");
      expect(row.error).toContain("deleted");
    } finally {
      await store.close();
    }
  });

  it("refuses bad input with clear 4xx messages and keeps serving", async () => {
    const bad = async (p: Promise<unknown>) => {
      const err = (await p.catch((e: unknown) => e)) as EnvClientError;
      expect(err).toBeInstanceOf(EnvClientError);
      return err;
    };
    expect((await bad(client.reset("nope"))).status).toBe(404);
    expect((await bad(client.createSession({ env: "customersim", persona: "zz-p999" }))).status).toBe(404);
    const unknownEnv = await bad(client.createSession({ env: "chess" } as never));
    expect(unknownEnv.status).toBe(400);
    const res = await fetch(`${server.url}/sessions`, { method: "POST", body: "{not json" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/not valid JSON/);
    const { id } = await client.createSession({ env: "customersim", persona: 4, images: "none" });
    expect((await bad(client.step(id, { text: "x" }))).status).toBe(409);
    await client.reset(id);
    expect((await bad(client.step(id, { text: "x" }, "sales"))).status).toBe(409);
    const wrong = await bad(client.step(id, { utterance: "hi", assistant_actions: [] }));
    expect(wrong.status).toBe(422);
    expect((await bad(client.step(id, { text: 5 }))).status).toBe(422);
    expect((await bad(client.reset(id))).status).toBe(409);
    await client.close(id);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
