import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { LlmClient, LlmCompletion, LlmRequest } from "./client.js";
import { completeStructured, parseReplyJson, validateLeniently } from "./structured.js";

/** A client that answers from a script and keeps the requests (no network: a unit test). */
function scripted(...texts: string[]) {
  const requests: LlmRequest[] = [];
  const client = {
    complete: async (req: LlmRequest): Promise<LlmCompletion> => {
      requests.push(req);
      const text = texts.shift() ?? "";
      return {
        text,
        toolCalls: [],
        inputTokens: 1,
        outputTokens: 1,
        costUsd: 0,
        cached: false,
        attempts: 1,
        latencyMs: 1,
      };
    },
  } as unknown as LlmClient;
  return { client, requests };
}

const Call = z
  .object({
    say: z.string(),
    call: z.object({ name: z.enum(["idle", "turn"]) }).strict(),
    act: z.union([
      z.object({ type: z.literal("Wait") }).strict(),
      z.object({ type: z.literal("Go"), approach: z.enum(["front", "back"]) }).strict(),
    ]),
  })
  .strict();
const ask = (client: LlmClient) =>
  completeStructured(client, { model: "m", messages: [{ role: "user", content: "?" }] }, Call, { name: "x" });
const good = JSON.stringify({ say: "hi", call: { name: "idle" }, act: { type: "Wait" } });

describe("reading a model's JSON reply", () => {
  it("tells a bare object from one in a code fence or in prose", () => {
    expect(parseReplyJson(' {"a": 1}\n')).toEqual({ value: { a: 1 }, wrapping: null });
    expect(parseReplyJson('```json\n{"a": 1}\n```')).toEqual({ value: { a: 1 }, wrapping: "fence" });
    expect(parseReplyJson('Sure! {"a": 1} Hope that helps.')).toEqual({ value: { a: 1 }, wrapping: "prose" });
    expect(() => parseReplyJson("no json here")).toThrow(/no JSON object/);
  });

  it("a fenced reply is accepted with a warning and reported as extracted", async () => {
    const { client } = scripted(`Here you go:\n\`\`\`json\n${good}\n\`\`\``);
    const r = await ask(client);
    expect(r.value).toEqual({ say: "hi", call: { name: "idle" }, act: { type: "Wait" } });
    expect(r.extracted).toBe(true);
    expect(r.repaired).toBe(false);
    expect(r.warnings).toEqual(["took the JSON object out of a code fence"]);
    const bare = await ask(scripted(good).client);
    expect(bare).toMatchObject({ extracted: false, warnings: [], rejectedValues: [] });
  });
});

describe("values outside an enum", () => {
  it("fail validation; the repair request names the field and the legal values; the invented value is kept", async () => {
    const bad = JSON.stringify({ say: "hi", call: { name: "fly" }, act: { type: "Wait" } });
    const { client, requests } = scripted(`\`\`\`\n${bad}\n\`\`\``, good);
    const r = await ask(client);
    expect(r.value?.call.name).toBe("idle");
    expect(r).toMatchObject({
      repaired: true,
      extracted: true,
      rejectedValues: [{ path: "call.name", value: "fly" }],
    });
    const repair = JSON.stringify(requests[1]!.messages.at(-1));
    expect(repair).toContain('call.name: Invalid option: expected one of \\"idle\\"|\\"turn\\"');
  });

  it("inside a union, the error is the closest branch's: the field and what it allows", () => {
    const v = validateLeniently(
      { say: "", call: { name: "turn" }, act: { type: "Go", approach: "side" } },
      Call,
    );
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.error).toBe('act.approach: Invalid option: expected one of "front"|"back"');
    expect(v.rejectedValues).toEqual([{ path: "act.approach", value: "side" }]);
    // Every branch refuses the field that picks it: that field, and every value the branches allow.
    const kind = validateLeniently({ say: "", call: { name: "turn" }, act: { type: "Run" } }, Call);
    expect(!kind.ok && kind.error).toBe('act.type: Invalid option: expected one of "Wait"|"Go"');
    expect(!kind.ok && kind.rejectedValues).toEqual([{ path: "act.type", value: "Run" }]);
    // No branch closer than another: zod's own message stays.
    const Tie = z.union([z.object({ a: z.string() }).strict(), z.object({ b: z.string() }).strict()]);
    expect(validateLeniently({ c: 1 }, Tie)).toEqual({
      ok: false,
      error: "(root): Invalid input",
      rejectedValues: [],
    });
  });

  it("a reply invalid twice is a format error; both rejected values are reported", async () => {
    const bad = (name: string) => JSON.stringify({ say: "hi", call: { name }, act: { type: "Wait" } });
    const r = await ask(scripted(bad("fly"), bad("jump")).client);
    expect(r.value).toBeUndefined();
    expect(r.formatError).toMatch(/call\.name/);
    expect(r.rejectedValues.map((v) => v.value)).toEqual(["fly", "jump"]);
  });
});
