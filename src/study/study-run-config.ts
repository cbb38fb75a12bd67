import type { EnvId } from "../core/manifest.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import { loadEnvData } from "../envs/env-data.js";
import { parseRunConfig, type RunConfig } from "../runner/run-config.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import type { ProductLabel } from "./participant-view.js";
import type { Study, StudyParticipant } from "./study-spec.js";

/** A study task from its store's bank, with the profile its simulated shopper plays. */
export function taskOf(study: Study, id: string): Task & { profile: Profile } {
  const bank = loadTaskBank(study.env as EnvId);
  const task = bank.tasks.find((t) => t.id === id)!;
  return { ...task, profile: bank.profiles.find((p) => p.id === task.profileId)! };
}

/** The shopper id a participant's episodes record. */
export const shopperId = (p: StudyParticipant) => `human-${p.code}`;

/** The run configuration of a participant's episodes with one assistant (as `siturec run` would make it). */
export function studyRunConfig(
  study: Study,
  p: StudyParticipant,
  assistant: number,
  storeDir: string,
): RunConfig {
  // Parsed with a built-in shopper (a config names registered roles), then recorded as the participant.
  const config = parseRunConfig(
    {
      env: study.env,
      condition: study.condition,
      maxTurns: study.maxTurns,
      storeDir,
      tasks: p.tasks.join(","),
      shopperMap: study.shopperMap,
      agents: { assistant: study.assistants[assistant]!, shopper: "rule", moderator: study.moderator },
    },
    "study",
  );
  return { ...config, agents: { ...config.agents, shopper: shopperId(p) } };
}

const labels = new Map<EnvId, (id: string) => ProductLabel | undefined>();
/** Display facts of a store's products by id, for the participant's turn. */
export function productLabels(env: EnvId): (id: string) => ProductLabel | undefined {
  let found = labels.get(env);
  if (!found) {
    const byId = new Map(loadEnvData(env).catalog.products.map((p) => [p.id, p]));
    found = (id) => {
      const p = byId.get(id);
      if (!p) return undefined;
      return { name: p.name, brand: p.brand, price: p.price, ...("size" in p ? { size: p.size } : {}) };
    };
    labels.set(env, found);
  }
  return found;
}
