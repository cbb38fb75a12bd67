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

/** The sum of two optional figures: absent when both are (so usages without cache figures keep their shape). */
function addOptional(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

/** The provider prompt-cache figures of a sum of usages, each only where either has it. */
export function cacheFigures(
  a: Pick<RoleUsage, "cachedInputTokens" | "cacheWriteTokens" | "cacheSavingUsd">,
  b: Pick<RoleUsage, "cachedInputTokens" | "cacheWriteTokens" | "cacheSavingUsd">,
): Pick<RoleUsage, "cachedInputTokens" | "cacheWriteTokens" | "cacheSavingUsd"> {
  const cachedInputTokens = addOptional(a.cachedInputTokens, b.cachedInputTokens);
  const cacheWriteTokens = addOptional(a.cacheWriteTokens, b.cacheWriteTokens);
  const cacheSavingUsd = addOptional(a.cacheSavingUsd, b.cacheSavingUsd);
  return {
    ...(cachedInputTokens !== undefined ? { cachedInputTokens } : {}),
    ...(cacheWriteTokens !== undefined ? { cacheWriteTokens } : {}),
    ...(cacheSavingUsd !== undefined ? { cacheSavingUsd } : {}),
  };
}

/** The protocol counts of a sum of usages, each only where either has it (absent meant none). */
function protocolFigures(
  a: Pick<RoleUsage, "fencedJson" | "invalidTools">,
  b: Pick<RoleUsage, "fencedJson" | "invalidTools">,
): Pick<RoleUsage, "fencedJson" | "invalidTools"> {
  const fencedJson = addOptional(a.fencedJson, b.fencedJson);
  const invalidTools = addOptional(a.invalidTools, b.invalidTools);
  return {
    ...(fencedJson !== undefined ? { fencedJson } : {}),
    ...(invalidTools !== undefined ? { invalidTools } : {}),
  };
}

export function addUsage(into: RoleUsage, add: RoleUsage): RoleUsage {
  const cache = cacheFigures(into, add);
  return {
    calls: into.calls + add.calls,
    cachedCalls: into.cachedCalls + add.cachedCalls,
    inputTokens: into.inputTokens + add.inputTokens,
    outputTokens: into.outputTokens + add.outputTokens,
    ...(cache.cachedInputTokens !== undefined ? { cachedInputTokens: cache.cachedInputTokens } : {}),
    ...(cache.cacheWriteTokens !== undefined ? { cacheWriteTokens: cache.cacheWriteTokens } : {}),
    costUsd: into.costUsd + add.costUsd,
    ...(cache.cacheSavingUsd !== undefined ? { cacheSavingUsd: cache.cacheSavingUsd } : {}),
    formatErrors: into.formatErrors + add.formatErrors,
    formatWarnings: into.formatWarnings + add.formatWarnings,
    repairs: into.repairs + add.repairs,
    ...protocolFigures(into, add),
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
