import type { RoleUsage, RoleUsages } from "./trajectory.js";

/** A role's usage with nothing spent yet. */
export function emptyUsage(): RoleUsage {
  return {
    calls: 0,
    cachedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    formatErrors: 0,
    formatWarnings: 0,
    repairs: 0,
  };
}

export function emptyUsages(): RoleUsages {
  return { assistant: emptyUsage(), shopper: emptyUsage(), moderator: emptyUsage() };
}

export function addUsage(into: RoleUsage, add: RoleUsage): RoleUsage {
  return {
    calls: into.calls + add.calls,
    cachedCalls: into.cachedCalls + add.cachedCalls,
    inputTokens: into.inputTokens + add.inputTokens,
    outputTokens: into.outputTokens + add.outputTokens,
    costUsd: into.costUsd + add.costUsd,
    formatErrors: into.formatErrors + add.formatErrors,
    formatWarnings: into.formatWarnings + add.formatWarnings,
    repairs: into.repairs + add.repairs,
  };
}

export function addUsages(a: RoleUsages, b: RoleUsages): RoleUsages {
  return {
    assistant: addUsage(a.assistant, b.assistant),
    shopper: addUsage(a.shopper, b.shopper),
    moderator: addUsage(a.moderator, b.moderator),
  };
}

/** All roles together. */
export function totalUsage(u: RoleUsages): RoleUsage {
  return addUsage(addUsage(u.assistant, u.shopper), u.moderator);
}
