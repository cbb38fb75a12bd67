import type { RunStore } from "../../storage/run-store.js";
import {
  episode,
  ratings,
  seedStudy,
  storeRun,
  taskIds,
} from "../../study/agreement/testing/study-fixture.js";
import type { Interaction, Study } from "../../study/study-spec.js";
import { StudyStore } from "../../study/study-store.js";

/** The fixture study's assistants: the built-in reference and two model ids (never called). */
export const FIXTURE_ASSISTANTS = ["reference", "openai:gpt-4o", "anthropic:claude-sonnet-4-5"];

const BASE = Date.parse("2025-03-04T09:00:00Z");
const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

/** A comment with markup: the page must show it as text. */
export const FIXTURE_COMMENT = `<img src=x onerror="document.title='pwned'"> clear and quick`;

/**
 * A study as the organiser's page meets it half-way (`pilot`, 3 assistants, P01 and P02 on two
 * tasks): P01 played and rated everything; P02 rated their first four, has one interaction played
 * and waiting for its questionnaire, and one whose last attempt failed. Every interaction has
 * timings; the judge scored every episode; and each assistant has a simulated run of four tasks
 * (`sim-1`…`sim-3`) to compare with.
 */
export async function seedStudyPage(store: RunStore): Promise<Study> {
  const overall = [5, 3, 2];
  const study = await seedStudy(store, "pilot", FIXTURE_ASSISTANTS, (assistant, code, task) => {
    const k = FIXTURE_ASSISTANTS.indexOf(assistant);
    return {
      success: k !== 2 || task.endsWith("1"),
      judge: ratings(overall[k]! - 1 + (code === "P02" ? 1 : 0)),
      answers: { ratings: ratings(overall[k]!), comment: code === "P01" && k === 0 ? FIXTURE_COMMENT : "" },
    };
  });
  const studies = new StudyStore(store);
  for (const [n, p] of study.participants.entries()) {
    const record = await studies.record(study, p);
    record.profile = {
      ageGroup: n ? "35-44" : "25-34",
      gender: n ? "female" : "prefer-not-to-say",
      household: n ? "couple-with-young-children" : "lives-alone",
      occupation: n ? "teacher" : "nurse",
      shoppingFrequency: "weekly",
      aiFamiliarity: 3 + n,
      preferences: n ? "no nuts" : "",
    };
    record.interactions = record.interactions.map((i, k): Interaction => {
      const start = n * 120 + k * 9;
      const timed = { ...i, startedAt: at(start), endedAt: at(start + 4 + k), attempts: 1 };
      if (n === 0 || k < 4) return { ...timed, answeredAt: at(start + 6 + k) };
      const { answers: _, ...unrated } = timed;
      if (k === 4) return { ...unrated, status: "questionnaire" };
      const { outcome: __, ...unplayed } = unrated;
      return { ...unplayed, status: "pending", attempts: 2, failure: "openai:gpt-4o: 429 rate limited" };
    });
    await studies.saveRecord(record);
  }
  const tasks = taskIds(4);
  for (const [k, assistant] of FIXTURE_ASSISTANTS.entries()) {
    const run = `sim-${k + 1}`;
    const episodes = tasks.map((task, t) =>
      episode(run, task, {
        assistant,
        success: (t + k) % 3 !== 0,
        subset: t,
        judge: ratings(overall[k]! - (t % 2)),
      }),
    );
    await storeRun(store, run, episodes, {
      env: "supermarket",
      condition: "full",
      agents: { assistant, shopper: "openai:gpt-4o-mini", moderator: "rule" },
    });
  }
  return study;
}
