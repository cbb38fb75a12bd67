import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { PING_TEXT } from "../ping.js";
import { imageTokens, pngSize, textTokens } from "../token-count.js";
import {
  asToolInput,
  MockProviderServer,
  outputTokensOf,
  type ProviderMockReply,
  type RecordedProviderRequest,
  type Routed,
} from "./mock-provider-server.js";

const MB = 1024 * 1024;
const Part = z
  .object({
    text: z.string().optional(),
    inlineData: z.object({ mimeType: z.string(), data: z.string() }).strict().optional(),
    functionCall: z
      .object({ id: z.string().optional(), name: z.string(), args: z.unknown() })
      .strict()
      .optional(),
    functionResponse: z
      .object({ id: z.string().optional(), name: z.string(), response: z.unknown() })
      .strict()
      .optional(),
    thought: z.boolean().optional(),
    thoughtSignature: z.string().optional(),
  })
  .strict();
type Part = z.infer<typeof Part>;

/**
 * `generateContent`'s request body, as documented (`contents` with `user`/`model` roles,
 * `generationConfig` within its ranges, function declarations and their calling mode); an unknown
 * field is refused, as the API refuses one ("Unknown name").
 */
const GenerateContentRequest = z
  .object({
    contents: z.array(z.object({ role: z.enum(["user", "model"]), parts: z.array(Part) }).strict()).min(1),
    systemInstruction: z
      .object({ role: z.string().optional(), parts: z.array(Part).min(1) })
      .strict()
      .optional(),
    generationConfig: z
      .object({
        temperature: z.number().min(0).max(2).optional(),
        topP: z.number().min(0).max(1).optional(),
        topK: z.number().int().optional(),
        maxOutputTokens: z.number().int().min(1).optional(),
        candidateCount: z.number().int().optional(),
        seed: z.number().int().optional(),
        stopSequences: z.array(z.string()).optional(),
        responseMimeType: z.enum(["text/plain", "application/json", "text/x.enum"]).optional(),
        responseSchema: z.record(z.string(), z.unknown()).optional(),
        responseJsonSchema: z.unknown().optional(),
        thinkingConfig: z
          .object({ thinkingBudget: z.number().int().optional(), includeThoughts: z.boolean().optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    tools: z
      .array(
        z
          .object({
            functionDeclarations: z
              .array(
                z
                  .object({
                    name: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/),
                    description: z.string().optional(),
                    parameters: z.unknown().optional(),
                  })
                  .strict(),
              )
              .optional(),
          })
          .strict(),
      )
      .optional(),
    toolConfig: z
      .object({
        functionCallingConfig: z
          .object({
            mode: z.enum(["AUTO", "ANY", "NONE", "VALIDATED"]),
            allowedFunctionNames: z.array(z.string()).optional(),
          })
          .strict(),
      })
      .strict()
      .optional(),
    safetySettings: z.array(z.object({ category: z.string(), threshold: z.string() }).strict()).optional(),
  })
  .strict();
type GenerateContentRequest = z.infer<typeof GenerateContentRequest>;

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"]);

/** A `generateContent` request as the mock recorded it. */
export interface RecordedGeminiRequest extends RecordedProviderRequest {
  body: GenerateContentRequest & Record<string, unknown>;
  /** The system instruction's text. */
  system: string;
  /** The function a `toolConfig` of mode ANY with one allowed name forces, if any. */
  forcedTool?: string;
  /** Input tokens as the mock's "tokenizer" counts them (o200k × 1.1, images by Gemini's tile rule). */
  inputTokens: number;
}

/**
 * Google's Gemini API (`POST /v1beta/models/MODEL:generateContent`) on 127.0.0.1 for tests
 * (`GOOGLE_GENERATIVE_AI_BASE_URL` pointed at `url`): validates each request against the API's
 * documented rules (the body's schema; no empty `parts`; no empty text part, a proto3 string that
 * reads as unset; inline images of a supported type, at most 3,600, the request at most 20 MB; a
 * function-call turn answered by as many function responses right after it) and answers 400 with
 * the API's error shape (`{error: {code, message, status}}`) where the API would. A 429 says how long
 * to wait the API's way, in a `google.rpc.RetryInfo` detail, with no `retry-after` header. Usage is
 * counted from the request, with implicit caching simulated for Gemini 2.5 (a system instruction of
 * at least 2,048 tokens is read from the cache from its second sight). `thinkingTokens` makes a 2.5
 * model think that many tokens out of `maxOutputTokens` first, as the real ones do: a limit that
 * leaves no room ends the answer empty with `MAX_TOKENS`.
 */
export class MockGeminiServer extends MockProviderServer<RecordedGeminiRequest> {
  /** Tokens a Gemini 2.5 model spends thinking before it answers, out of `maxOutputTokens`. */
  thinkingTokens = 0;
  private readonly seenPrefixes = new Set<string>();

  static async start(): Promise<MockGeminiServer> {
    const mock = new MockGeminiServer();
    await mock.listen();
    return mock;
  }

  /** The value for `GOOGLE_GENERATIVE_AI_BASE_URL` (without the API version, as Google's SDK takes it). */
  get url(): string {
    return this.origin;
  }

  protected route(req: IncomingMessage, body: unknown, bytes: number): Routed<RecordedGeminiRequest> {
    const path = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(req.url ?? "");
    if (req.method !== "POST" || !path) return this.refuse(404, `Not found: ${req.url}`);
    if (!req.headers["x-goog-api-key"]) return this.refuse(403, "Method doesn't allow unregistered callers");
    if (bytes > 20 * MB) return this.refuse(400, `Request payload size exceeds the limit: ${20 * MB} bytes.`);
    const parsed = GenerateContentRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const unknown = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
      return this.refuse(
        400,
        unknown
          ? `Invalid JSON payload received. Unknown name "${unknown}" at '${issue.path.join(".")}': Cannot find field.`
          : `* GenerateContentRequest.${issue.path.join(".")}: ${issue.message}`,
      );
    }
    const why = brokenRule(parsed.data);
    if (why) return this.refuse(400, why);
    const b = parsed.data;
    const mode = b.toolConfig?.functionCallingConfig;
    const forced =
      mode?.mode === "ANY" && mode.allowedFunctionNames?.length === 1
        ? mode.allowedFunctionNames[0]
        : undefined;
    const parts = b.contents.flatMap((c) => c.parts);
    const recorded: RecordedGeminiRequest = {
      model: path[1]!,
      body: b as RecordedGeminiRequest["body"],
      images: parts.filter((p) => p.inlineData).length,
      tools: (b.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name)),
      ...(forced ? { forcedTool: forced } : {}),
      system: (b.systemInstruction?.parts ?? []).map((p) => p.text ?? "").join("\n"),
      inputTokens: countTokens(b),
    };
    const ping = b.contents.length === 1 && b.contents[0]!.parts[0]?.text === PING_TEXT;
    return { recorded, ping };
  }

  protected answer(
    reply: Extract<ProviderMockReply, { kind: "text" | "refusal" }>,
    req: RecordedGeminiRequest,
  ): unknown {
    const prompt = req.inputTokens;
    const cached = this.cachedTokens(req);
    const meta = (candidates: number, thoughts = 0) => {
      req.usage = {
        promptTokenCount: prompt,
        candidatesTokenCount: candidates,
        totalTokenCount: prompt + candidates + thoughts,
        ...(cached ? { cachedContentTokenCount: cached } : {}),
        ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
      };
      return req.usage;
    };
    const base = { modelVersion: req.model, responseId: `mock-${this.requests.length}` };
    if (reply.kind === "refusal")
      return {
        ...base,
        candidates: [
          {
            finishReason: "SAFETY",
            index: 0,
            safetyRatings: [
              { category: "HARM_CATEGORY_DANGEROUS_CONTENT", probability: "HIGH", blocked: true },
            ],
          },
        ],
        usageMetadata: meta(0),
      };
    const limit = req.body.generationConfig?.maxOutputTokens ?? Number.POSITIVE_INFINITY;
    const thoughts = /^gemini-(2\.5|[3-9])/.test(req.model) ? Math.min(this.thinkingTokens, limit) : 0;
    const wanted = reply.outputTokens ?? outputTokensOf(reply);
    const room = limit - thoughts;
    const cut = wanted > room;
    const out = cut ? Math.max(0, room) : wanted;
    const text = cut ? reply.content.slice(0, out * 4) : reply.content;
    const calls = cut ? [] : (reply.toolCalls ?? []);
    // A forced function (structured output as a tool) comes back as its call when the text is an object.
    const forced = req.forcedTool && !cut ? asToolInput(reply.content) : undefined;
    const parts = forced
      ? [{ functionCall: { name: req.forcedTool, args: forced } }]
      : [
          ...(text ? [{ text }] : []),
          ...calls.map((c) => ({ functionCall: { name: c.name, args: asToolInput(c.arguments) ?? {} } })),
        ];
    return {
      ...base,
      candidates: [
        {
          content: { role: "model", parts: parts.length ? parts : [{ text: "" }] },
          finishReason: cut ? "MAX_TOKENS" : "STOP",
          index: 0,
        },
      ],
      usageMetadata: meta(out, thoughts),
    };
  }

  /** Implicit caching: a system instruction of at least the model's minimum, seen before, is read from the cache. */
  private cachedTokens(req: RecordedGeminiRequest): number {
    const minimum = /^gemini-2\.5/.test(req.model)
      ? 2048
      : /^gemini-[3-9]/.test(req.model)
        ? 4096
        : undefined;
    const tokens = textTokens(req.system, "google:mock");
    if (minimum === undefined || tokens < minimum) return 0;
    const key = `${req.model}\u0000${req.system}`;
    const seen = this.seenPrefixes.has(key);
    this.seenPrefixes.add(key);
    return seen ? tokens : 0;
  }

  protected errorBody(status: number, message: string, retryAfterSeconds?: number) {
    const name: Record<number, string> = {
      400: "INVALID_ARGUMENT",
      403: "PERMISSION_DENIED",
      404: "NOT_FOUND",
      429: "RESOURCE_EXHAUSTED",
      500: "INTERNAL",
      503: "UNAVAILABLE",
      504: "DEADLINE_EXCEEDED",
    };
    const details =
      status === 429 && retryAfterSeconds !== undefined
        ? [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${retryAfterSeconds}s` }]
        : undefined;
    return {
      body: {
        error: {
          code: status,
          message:
            status === 429
              ? "You exceeded your current quota, please check your plan and billing details."
              : message,
          status: name[status] ?? "UNKNOWN",
          ...(details ? { details } : {}),
        },
      },
    };
  }
}

/** The first documented rule a valid-looking body breaks, as the API words it; undefined if none. */
function brokenRule(body: GenerateContentRequest): string | undefined {
  const gc = body.generationConfig;
  if (gc?.responseSchema && gc.responseMimeType !== "application/json")
    return "* GenerateContentRequest.generation_config.response_schema: responseSchema requires responseMimeType application/json";
  let images = 0;
  for (const [i, c] of body.contents.entries()) {
    if (!c.parts.length)
      return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
    for (const [j, p] of c.parts.entries()) {
      const set = [p.text, p.inlineData, p.functionCall, p.functionResponse].filter(
        (x) => x !== undefined && x !== "",
      );
      if (!set.length)
        return `* GenerateContentRequest.contents[${i}].parts[${j}].data: required oneof field 'data' must have one initialized field`;
      if (p.inlineData) {
        images++;
        if (!IMAGE_TYPES.has(p.inlineData.mimeType))
          return `* GenerateContentRequest.contents[${i}].parts[${j}].inline_data.mime_type: Unsupported MIME type: ${p.inlineData.mimeType}`;
      }
    }
    const calls = c.parts.filter((p) => p.functionCall).length;
    if (c.role === "model" && calls) {
      const next = body.contents[i + 1];
      const answers = next?.parts.filter((p) => p.functionResponse).length ?? 0;
      if (next && !answers)
        return "Please ensure that function response turn comes immediately after a function call turn.";
      if (next && answers !== calls)
        return "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.";
    }
  }
  if (images > 3600) return `* GenerateContentRequest.contents: too many images: ${images} > 3600`;
  return undefined;
}

/** The prompt's tokens: o200k × 1.1 for text (system, tools, parts), Gemini's tile rule for images. */
function countTokens(body: GenerateContentRequest): number {
  const t = (s: string) => textTokens(s, "google:mock");
  const part = (p: Part) => {
    if (p.text) return t(p.text);
    if (p.functionCall) return t(JSON.stringify(p.functionCall));
    if (p.functionResponse) return t(JSON.stringify(p.functionResponse));
    if (p.inlineData) {
      const size = pngSize(Buffer.from(p.inlineData.data, "base64"));
      return size ? imageTokens("google", size.width, size.height) : 258;
    }
    return 0;
  };
  let n = (body.systemInstruction?.parts ?? []).reduce((s, p) => s + part(p), 0);
  if (body.tools?.length) n += t(JSON.stringify(body.tools));
  if (body.generationConfig?.responseSchema) n += t(JSON.stringify(body.generationConfig.responseSchema));
  for (const c of body.contents) n += 4 + c.parts.reduce((s, p) => s + part(p), 0);
  return n;
}
