import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { jsonSchema, type ToolSet, tool } from "ai";
import { z } from "zod";
import { formatZodIssues } from "../core/zod-issues.js";

/**
 * A function the model may call natively (function calling): its name, what it does, and its input
 * as a zod schema or as JSON Schema. A zod input is sent as its JSON Schema and checked on return (a
 * call that breaks it comes back with `error` set); a JSON-Schema input is sent as is and not checked
 * here (the caller validates the call).
 */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: z.ZodType | Record<string, unknown>;
}

/** `auto`: text and/or calls; `none`: text only (the tools stay declared, for the history); `required`: at least one call. */
export const ToolChoice = ["auto", "none", "required"] as const;
export type ToolChoice = (typeof ToolChoice)[number];

/**
 * A tool call as the model made it. `input` is the parsed JSON arguments, or the raw argument text
 * when it is not JSON. `error` is set when the call is unusable (a tool that was not declared,
 * arguments that are not JSON or break a zod input schema); such a call is returned, never thrown.
 */
export interface NativeToolCall {
  id: string;
  name: string;
  input: unknown;
  error?: string;
}

/** The result of one earlier tool call, sent back to the model in a `tool` message. */
export interface ToolResult {
  /** The call's `id`. */
  id: string;
  name: string;
  output: string;
  /** Sent as the provider's error result. */
  isError?: boolean;
}

/** A tool's input as the JSON Schema sent to the provider (and keyed by the cache). */
export function toolInputJsonSchema(spec: ToolSpec): Record<string, unknown> {
  if (!(spec.inputSchema instanceof z.ZodType)) return spec.inputSchema;
  const { $schema: _, ...schema } = z.toJSONSchema(spec.inputSchema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return schema;
}

/** The tools as the cache keys them: names, descriptions and JSON Schemas, in the order given. */
export function toolsView(specs: readonly ToolSpec[]): unknown[] {
  return specs.map((s) => ({
    name: s.name,
    description: s.description,
    inputSchema: toolInputJsonSchema(s),
  }));
}

/** Refuses a tool list the provider could not take: a name declared twice. */
export function checkToolSpecs(specs: readonly ToolSpec[]): void {
  const names = new Set<string>();
  for (const s of specs) {
    if (names.has(s.name)) throw new TypeError(`tool ${s.name} is declared twice`);
    names.add(s.name);
  }
}

/** The AI SDK's tool set: no `execute`, so the calls come back to the caller to run. */
export function toolSetOf(specs: readonly ToolSpec[]): ToolSet {
  return Object.fromEntries(
    specs.map((s) => {
      const zod = s.inputSchema instanceof z.ZodType ? s.inputSchema : undefined;
      const inputSchema = jsonSchema(toolInputJsonSchema(s), {
        ...(zod
          ? {
              validate: (value: unknown) => {
                const parsed = zod.safeParse(value);
                return parsed.success
                  ? { success: true as const, value: parsed.data }
                  : { success: false as const, error: new Error(formatZodIssues(parsed.error)) };
              },
            }
          : {}),
      });
      return [s.name, tool({ description: s.description, inputSchema })];
    }),
  );
}

/** One of the AI SDK's tool calls as ours: an invalid one (unknown tool, bad JSON, wrong input) with its error. */
export function nativeToolCallOf(call: {
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalid?: boolean;
  error?: unknown;
}): NativeToolCall {
  const error = call.invalid
    ? call.error instanceof Error
      ? call.error.message
      : String(call.error ?? "invalid tool call")
    : undefined;
  return {
    id: call.toolCallId,
    name: call.toolName,
    input: call.input,
    ...(error !== undefined ? { error } : {}),
  };
}

/** A provider's answer that broke the tool choice, as a response (the AI SDK throws on one; `LlmClient` answers it). */
export function violatingAnswer(
  raw: LanguageModelV3GenerateResult,
  choice: ToolChoice,
): { text: string; toolCalls: NativeToolCall[]; inputTokens: number; outputTokens: number } {
  const text = raw.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
  const toolCalls = raw.content.flatMap((p): NativeToolCall[] => {
    if (p.type !== "tool-call") return [];
    let input: unknown = p.input;
    try {
      input = JSON.parse(p.input);
    } catch {
      // not JSON: kept as the raw text
    }
    return [
      { id: p.toolCallId, name: p.toolName, input, error: `called although the tool choice was ${choice}` },
    ];
  });
  return {
    text,
    toolCalls,
    inputTokens: raw.usage.inputTokens.total ?? 0,
    outputTokens: raw.usage.outputTokens.total ?? 0,
  };
}
