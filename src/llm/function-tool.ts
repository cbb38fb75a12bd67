import { z } from "zod";

/**
 * A tool in OpenAI's function format, as chat APIs, transformers' `apply_chat_template(tools=…)` and
 * TRL take it: a name, a description and a JSON Schema of its arguments.
 */
export const FunctionTool = z
  .object({
    type: z.literal("function"),
    function: z
      .object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) })
      .strict(),
  })
  .strict();
export type FunctionTool = z.infer<typeof FunctionTool>;
