import type { Command } from "commander";
import { builtinRoles, POLICY_ROLES } from "../agents/role-registry.js";
import { SiturecError } from "../core/errors.js";
import { LlmClient } from "../llm/client.js";
import { KEY_VARIABLES, PROVIDERS, parseModelId } from "../llm/model-id.js";
import { pingRequest } from "../llm/ping.js";
import { DEFAULT_PRICES } from "../llm/prices.js";
import { apiKeyFor } from "../llm/providers.js";
import type { CliIo } from "./io.js";
import { formatTable } from "./table.js";

const EXAMPLES: Record<(typeof PROVIDERS)[number], string> = {
  openai: "openai:gpt-4o",
  anthropic: "anthropic:claude-sonnet-4-5",
  google: "google:gemini-2.5-flash",
  "openai-compatible": "openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1",
};

export function providerStatus() {
  return PROVIDERS.map((provider) => {
    const key = apiKeyFor(provider);
    return {
      provider,
      keyVariables: KEY_VARIABLES[provider],
      // Only whether a key is set, and where from: never its value.
      keySet: key !== undefined,
      keyFrom: key?.variable ?? null,
      keyRequired: provider !== "openai-compatible",
      example: EXAMPLES[provider],
    };
  });
}

/** The built-in policies (no key), grouped by the roles they play: "reference, … (assistant), rule (shopper, moderator)". */
export function builtinAgents(): { names: string[]; line: string } {
  const registry = builtinRoles();
  const roles = new Map<string, string[]>();
  for (const role of POLICY_ROLES)
    for (const name of registry.names(role)) roles.set(name, [...(roles.get(name) ?? []), role]);
  const groups = new Map<string, string[]>();
  for (const [name, r] of roles) groups.set(r.join(", "), [...(groups.get(r.join(", ")) ?? []), name]);
  const line = [...groups].map(([r, names]) => `${names.join(", ")} (${r})`).join(", ");
  return { names: [...roles.keys()], line };
}

export function registerModels(program: Command, io: CliIo): void {
  program
    .command("models")
    .description("list model providers, which API keys are set, and the price table")
    .option("--json", "print JSON")
    .action((opts: { json?: boolean }) => {
      const providers = providerStatus();
      const builtin = builtinAgents();
      const prices = Object.entries(DEFAULT_PRICES).map(([model, p]) => ({
        model,
        inputPerMTok: p.input,
        outputPerMTok: p.output,
      }));
      if (opts.json) {
        io.out(`${JSON.stringify({ providers, prices, builtin: builtin.names }, null, 2)}\n`);
        return;
      }
      io.out(`Built-in agents (no key): ${builtin.line}\n\nProviders\n`);
      io.out(
        formatTable(
          ["provider", "key variable", "key", "example id"],
          providers.map((p) => [
            p.provider,
            p.keyVariables.join(" | "),
            p.keySet ? `set (${p.keyFrom})` : p.keyRequired ? "missing" : "optional",
            p.example,
          ]),
        ),
      );
      io.out(
        "\nPrices (USD per million tokens; a run's config can override or add entries; OpenAI-compatible servers cost 0)\n",
      );
      io.out(
        formatTable(
          ["model", "input", "output"],
          prices.map((p) => [p.model, p.inputPerMTok.toFixed(2), p.outputPerMTok.toFixed(2)]),
        ),
      );
    });

  program
    .command("ping")
    .description("make one tiny call to a model and report its latency")
    .argument(
      "<model>",
      "a model id, e.g. openai:gpt-4o or openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1",
    )
    .option("--timeout <ms>", "request timeout in milliseconds", "30000")
    .action(async (model: string, opts: { timeout: string }) => {
      parseModelId(model);
      const timeout = Number(opts.timeout);
      if (!Number.isFinite(timeout) || timeout <= 0)
        throw new SiturecError("--timeout must be a positive number of milliseconds", { exitCode: 2 });
      const client = new LlmClient({ requestTimeoutMs: timeout, maxRetries: 1, baseDelayMs: 500 });
      const r = await client.complete(pingRequest(model));
      io.out(
        `${model}: ok in ${Math.round(r.latencyMs)} ms (${r.inputTokens} in / ${r.outputTokens} out tokens, $${r.costUsd.toFixed(6)}): ${JSON.stringify(r.text.trim().slice(0, 60))}\n`,
      );
    });
}
