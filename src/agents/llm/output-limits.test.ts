import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../../llm/output-tokens.js";
import { textTokens } from "../../llm/token-count.js";
import {
  assistantOutputSchema,
  JUDGE_DIMENSIONS,
  JudgeOutput,
  MAX_UTTERANCE_CHARS,
  ModeratorOutput,
  shopperOutputSchema,
} from "../types.js";

const prose =
  "I would suggest the oat milk on the second shelf to your left; it is dairy-free, costs $3.49 and fits your budget. ";
const words = (n: number) => prose.repeat(Math.ceil(n / prose.length)).slice(0, n);
/** Tokens as Claude counts them (o200k × 1.2): the largest of the providers' counts of the same text. */
const tokens = (v: unknown) => textTokens(JSON.stringify(v), "anthropic:count");

/** The largest valid output of each role (an utterance at its limit, a long reason, every list full). */
const LARGEST = {
  assistant: {
    schema: assistantOutputSchema("supermarket"),
    value: {
      utterance: words(MAX_UTTERANCE_CHARS),
      assistant_actions: [{ type: "Navigate", navigation_goal: "F12", reason: words(600) }],
      expected_user_action: { name: "move_to_fixture", arguments: { target: "12", approach: "front" } },
      ranking: Array.from({ length: 10 }, (_, i) => `sm-${100 + i}`),
      tool_calls: [],
    },
  },
  shopper: {
    schema: shopperOutputSchema("supermarket"),
    value: {
      utterance: words(MAX_UTTERANCE_CHARS),
      tool_call: { name: "move_to_fixture", arguments: { target: "12", approach: "front" } },
    },
  },
  moderator: { schema: ModeratorOutput, value: { decision: "yes", reason: words(600) } },
  judge: {
    schema: JudgeOutput,
    value: { scores: Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, 5])), rationale: words(3000) },
  },
} as const;

describe("each role's default output limit fits its largest output", () => {
  it.each(Object.keys(LARGEST) as (keyof typeof LARGEST)[])("%s: with half again to spare", (role) => {
    const { schema, value } = LARGEST[role];
    expect(schema.safeParse(value).success).toBe(true);
    const n = tokens(value);
    expect(n * 1.5, `${role}: ${n} tokens`).toBeLessThanOrEqual(DEFAULT_MAX_OUTPUT_TOKENS[role]);
    // And not wildly above it: a limit counts against the provider's rate limits.
    expect(DEFAULT_MAX_OUTPUT_TOKENS[role]).toBeLessThanOrEqual(n * 3);
  });
});
