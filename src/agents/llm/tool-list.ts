import { z } from "zod";
import type { EnvId } from "../../core/manifest.js";
import { toolsFor } from "../../world/tools.js";

/** The store's tools with their arguments, one per line, from the same zod schemas the runtime checks calls with. */
export function toolListText(env: EnvId): string {
  return Object.entries(toolsFor(env))
    .map(([name, schema]) => {
      const json = z.toJSONSchema(schema) as {
        properties?: Record<string, { type?: string; enum?: string[]; description?: string }>;
        required?: string[];
      };
      const args = Object.entries(json.properties ?? {}).map(([arg, p]) => {
        const type = p.enum
          ? p.enum.join("|")
          : `${p.type ?? "value"}${p.description ? ` (${p.description})` : ""}`;
        return `"${arg}"${json.required?.includes(arg) ? "" : "?"}: ${type}`;
      });
      return `- ${name} {${args.join(", ")}}`;
    })
    .join("\n");
}
