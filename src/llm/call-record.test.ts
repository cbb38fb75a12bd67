import { describe, expect, it } from "vitest";
import { sha256 } from "../core/hash.js";
import { type CallTranscript, modelCallRecord, TextTable } from "./call-record.js";
import type { LlmRequest, LlmResponse } from "./client.js";

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const response: LlmResponse = {
  text: '{"ok":true}',
  toolCalls: [],
  inputTokens: 1200,
  cachedInputTokens: 1000,
  outputTokens: 30,
  costUsd: 0.0021,
  cached: false,
  attempts: 2,
  latencyMs: 812.6,
  warnings: ["seed: not supported"],
};
const request: LlmRequest = {
  model: "openai:gpt-x",
  tag: "assistant",
  system: "You are the assistant.",
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "Turn 3." },
        { type: "image", data: png, mediaType: "image/png" },
      ],
    },
  ],
  temperature: 0.2,
  seed: 7,
  output: { name: "assistant_turn", schema: { type: "object" } },
};

/** Images as a store keeps them: put by their hash, remembered. */
function sink() {
  const put: Buffer[] = [];
  const store = async (b: Buffer) => {
    put.push(b);
    return sha256(b);
  };
  return { put: store, stored: put };
}

describe("a model call as the run store keeps it", () => {
  it("keeps the request as sent: images by hash, the system prompt and schema by hash, sampling, usage", async () => {
    const images = sink();
    const texts = new TextTable();
    const r = await modelCallRecord({ request, response }, images, texts);
    expect(images.stored).toEqual([png]);
    expect(r).toEqual({
      model: "openai:gpt-x",
      repair: false,
      system: { sha256: sha256("You are the assistant."), chars: 22 },
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Turn 3." },
            { type: "image", image: sha256(png), mediaType: "image/png" },
          ],
        },
      ],
      output: { name: "assistant_turn", schema: { sha256: sha256('{"type":"object"}'), chars: 17 } },
      sampling: { temperature: 0.2, seed: 7 },
      reply: { text: '{"ok":true}', toolCalls: [] },
      usage: {
        inputTokens: 1200,
        cachedInputTokens: 1000,
        cacheWriteTokens: 0,
        outputTokens: 30,
        costUsd: 0.0021,
        cached: false,
        attempts: 2,
        latencyMs: 813,
      },
      providerWarnings: ["seed: not supported"],
    });
    expect(texts.texts).toEqual({
      [sha256("You are the assistant.")]: "You are the assistant.",
      [sha256('{"type":"object"}')]: '{"type":"object"}',
    });
    // The image bytes are never inlined.
    expect(JSON.stringify(r)).not.toContain(png.toString("base64"));
  });

  it("a repair request keeps the reply it answers and the correction; a text sent twice is kept once", async () => {
    const texts = new TextTable();
    const repair: CallTranscript = {
      request: {
        ...request,
        messages: [
          ...request.messages,
          { role: "assistant", content: "not json" },
          { role: "user", content: "Your reply could not be used: not valid JSON." },
        ],
      },
      response: { ...response, cached: true, attempts: 0, latencyMs: 0, costUsd: 0 },
      repair: true,
    };
    const first = await modelCallRecord({ request, response }, sink(), texts);
    const second = await modelCallRecord(repair, sink(), texts);
    expect(second.repair).toBe(true);
    expect(second.system).toEqual(first.system);
    expect(second.messages.slice(1)).toEqual([
      { role: "assistant", content: "not json" },
      { role: "user", content: "Your reply could not be used: not valid JSON." },
    ]);
    expect(second.usage).toMatchObject({ cached: true, attempts: 0, costUsd: 0 });
    expect(Object.keys(texts.texts)).toHaveLength(2);
  });

  it("native tools: the tool list by hash with the choice, tool calls and results as they went", async () => {
    const withTools: LlmRequest = {
      model: "m",
      messages: [
        { role: "user", content: "find a dress" },
        { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "search", input: { q: "dress" } }] },
        { role: "tool", results: [{ id: "c1", name: "search", output: "fc-001", isError: false }] },
      ],
      tools: [{ name: "search", description: "search the catalog", inputSchema: { type: "object" } }],
      toolChoice: "required",
    };
    const reply = {
      ...response,
      toolCalls: [{ id: "c2", name: "recommend", input: "{bad", error: "not JSON" }],
    };
    const r = await modelCallRecord({ request: withTools, response: reply }, sink(), new TextTable());
    expect(r.system).toBeNull();
    expect(r.output).toBeUndefined();
    expect(r.tools).toEqual({
      specs: expect.objectContaining({ chars: expect.any(Number) }),
      choice: "required",
    });
    expect(r.messages.slice(1)).toEqual([
      { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "search", input: { q: "dress" } }] },
      { role: "tool", results: [{ id: "c1", name: "search", output: "fc-001" }] },
    ]);
    expect(r.reply.toolCalls).toEqual([{ id: "c2", name: "recommend", input: "{bad", error: "not JSON" }]);
  });
});
