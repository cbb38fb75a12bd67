import { looksLikeModelId, POLICY_ROLES } from "../agents/role-registry.js";
import { SiturecError, shortMessage } from "../core/errors.js";
import type { LlmClient } from "../llm/client.js";
import { LlmError } from "../llm/client.js";
import { pingRequest } from "../llm/ping.js";
import type { RunPolicies } from "./build.js";

/**
 * Before anything is rendered, each model a run's roles use answers one tiny request (key present,
 * endpoint reachable), so that a missing key or a wrong URL stops the run with one clear message
 * instead of failing every episode the same way. Its cost is on the run's ledger (`preflight`).
 */
export async function preflight(client: LlmClient, policies: RunPolicies): Promise<void> {
  const models = new Map<string, string[]>();
  for (const role of POLICY_ROLES) {
    const id = policies[role].id;
    if (looksLikeModelId(id)) models.set(id, [...(models.get(id) ?? []), role]);
  }
  await Promise.all(
    [...models].map(async ([model, roles]) => {
      try {
        await client.complete(pingRequest(model, "preflight"));
      } catch (err) {
        if (!(err instanceof LlmError)) throw err;
        const whose =
          roles.length === 1 ? `the ${roles[0]} model` : `the model of the ${roles.join(" and the ")}`;
        throw new SiturecError(`${whose} cannot be used: ${shortMessage(err)}`, {
          // A missing key is a usage error (like a bad flag); anything else is the model's side.
          exitCode: err.kind === "missing_key" ? 2 : 1,
          hint: `${err.hint ?? `\`siturec ping ${model}\` checks it on its own`}; --no-preflight skips this check (a run replayed from the cache needs no key)`,
        });
      }
    }),
  );
}
