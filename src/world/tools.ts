import type { ZodType } from "zod";
import { ToolCall } from "../core/dialogue.js";
import type { EnvId } from "../core/manifest.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { envDefinition } from "../envs/registry.js";

/** A store's tools: name → argument schema (its definition's, in the paper's order). */
export function toolsFor(env: EnvId): Readonly<Record<string, ZodType>> {
  return envDefinition(env).tools;
}

/** The legal tool names of a store, in the order the paper lists them (supermarket 12, furniture 13). */
export function legalTools(env: EnvId): string[] {
  return Object.keys(toolsFor(env));
}

/** Tools that move the shopper across the floor (the ones a motion stall counts). */
export const TRANSLATIONAL = new Set([
  "move_forward",
  "move_backward",
  "turn_and_move",
  "move_and_turn",
  "side_step",
  "move_to_fixture",
  "move_to_store",
  "move_to_area",
]);

export type ParsedCall =
  | { ok: true; name: string; args: Record<string, unknown> }
  | { ok: false; error: string };

/** Validates a call against the store's tools; errors say what was wrong and what is allowed. */
export function parseToolCall(env: EnvId, call: unknown): ParsedCall {
  const shape = ToolCall.safeParse(call);
  if (!shape.success)
    return { ok: false, error: 'a tool call must look like {"name": "...", "arguments": {...}}' };
  const tools = toolsFor(env);
  const schema = tools[shape.data.name];
  if (!schema) {
    return {
      ok: false,
      error: `unknown tool '${shape.data.name}'; the tools here are: ${Object.keys(tools).join(", ")}`,
    };
  }
  const args = schema.safeParse(shape.data.arguments);
  if (!args.success) {
    const why = formatZodIssues(args.error, {
      max: 1,
      label: (path) => (path ? `argument '${path}'` : "arguments"),
    });
    return { ok: false, error: `${shape.data.name}: ${why}` };
  }
  return { ok: true, name: shape.data.name, args: args.data as Record<string, unknown> };
}
