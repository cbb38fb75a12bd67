import { describe, expect, it } from "vitest";
import { createStudy, newRecord } from "../study/create-study.js";
import { revokeInvite, STOPPED_BY_ORGANISER } from "../study/invite-tokens.js";
import type { Interaction, ParticipantRecord } from "../study/study-spec.js";
import { interactionState, studyOverview, studyResults } from "./study-overview.js";

const study = createStudy({
  id: "pilot",
  assistants: ["reference", "openai:gpt-4o"],
  tasks: ["sm-01.1", "sm-01.2"],
  participants: ["P1", "P2"],
  token: (code) => `${code}-token`.padEnd(40, "x"),
});
const at = (m: number) => new Date(Date.UTC(2025, 2, 4, 9, m)).toISOString();
const answers = {
  ratings: {
    informativeness: 4,
    naturalness: 4,
    groundedness: 4,
    preference_alignment: 4,
    proactiveness: 4,
    non_repetition: 4,
    overall: 5,
  },
  comment: "ok",
};

/** P1: rated the first, played the second (questionnaire), the third failed twice, the fourth playing. */
function records(): ParticipantRecord[] {
  const [p1, p2] = study.participants.map((p) => newRecord(study, p));
  const i = p1!.interactions;
  const played = { reason: "success_cart_added", success: true, turns: 7 };
  const set = (k: number, x: Partial<Interaction>) => Object.assign(i[k]!, x);
  set(0, {
    status: "done",
    outcome: played,
    answers,
    startedAt: at(0),
    endedAt: at(4),
    answeredAt: at(5),
    attempts: 1,
  });
  set(1, {
    status: "questionnaire",
    outcome: { ...played, success: false, reason: "turn_limit", turns: 20 },
    startedAt: at(6),
    endedAt: at(16),
    attempts: 1,
  });
  set(2, {
    status: "pending",
    failure: "openai:gpt-4o: 500",
    startedAt: at(17),
    endedAt: at(18),
    attempts: 2,
  });
  p1!.profile = {
    ageGroup: "25-34",
    gender: "female",
    household: "couple",
    occupation: "nurse",
    shoppingFrequency: "weekly",
    aiFamiliarity: 3,
    preferences: "",
  };
  // P2: an interaction that was playing when the server stopped; the run's error says why an older one failed.
  p2!.profile = { ...p1!.profile, occupation: "teacher" };
  Object.assign(p2!.interactions[0]!, { status: "playing", startedAt: at(30), attempts: 1 });
  return [p1!, p2!];
}

describe("a study as its organiser's page shows it", () => {
  it("gives each interaction its state, reason, timings, turns and answers, unblinded", () => {
    const o = studyOverview(study, records(), { turns: new Map() });
    const [a, b, c, d] = o.participants[0]!.interactions;
    expect(a).toMatchObject({
      state: "done",
      durationMs: 4 * 60_000,
      turns: 7,
      success: true,
      answers,
      attempts: 1,
    });
    expect(a!.assistant).toBe(study.assistants[a!.assistantNumber - 1]);
    expect(b).toMatchObject({
      state: "questionnaire",
      durationMs: 10 * 60_000,
      turns: 20,
      success: false,
      reason: "turn_limit",
    });
    expect(c).toMatchObject({ state: "failed", failure: "openai:gpt-4o: 500", attempts: 2 });
    expect(c!.durationMs).toBeUndefined();
    expect(d).toMatchObject({ state: "not-started", attempts: 0 });
    expect(o.participants[0]).toMatchObject({
      stage: "questionnaire",
      done: 1,
      total: 4,
      startedAt: at(0),
      lastActivityAt: at(18),
    });
    expect(o.participants[0]!.profile?.occupation).toBe("nurse");
    expect(o.counts).toEqual({
      "not-started": 4,
      "in-progress": 0,
      interrupted: 1,
      failed: 1,
      questionnaire: 1,
      done: 1,
    });
    expect(o.total).toBe(8);
    expect(o.questionnaire.map((q) => q.dimension)).toContain("overall");
  });

  it("an episode playing on this server is in progress at its turn; one the server lost is interrupted", () => {
    const live = studyOverview(study, records(), { turns: new Map([["P2", 4]]) });
    expect(live.participants[1]!.interactions[0]).toMatchObject({ state: "in-progress", turns: 5 });
    expect(live.participants[1]!.stage).toBe("playing");
    const lost = studyOverview(study, records(), { turns: new Map() });
    expect(lost.participants[1]!.interactions[0]!.state).toBe("interrupted");
    expect(lost.participants[1]!.stage).toBe("goal");
  });

  it("a failure the record does not name comes from the run; an interaction the organiser stopped is interrupted", () => {
    const rs = records();
    Object.assign(rs[1]!.interactions[0]!, {
      status: "pending",
      outcome: { reason: "error", success: false, turns: 0 },
    });
    const o = studyOverview(study, rs, { turns: new Map(), failures: new Map([["P2", "429 rate limited"]]) });
    expect(o.participants[1]!.interactions[0]).toMatchObject({
      state: "failed",
      failure: "429 rate limited",
    });
    Object.assign(rs[1]!.interactions[0]!, { failure: STOPPED_BY_ORGANISER });
    expect(interactionState(rs[1]!.interactions[0]!, false)).toBe("interrupted");
  });

  it("a revoked participant has no invite link; the exported results hold no invite token at all", () => {
    const revoked = revokeInvite(study, "P1", at(40));
    const o = studyOverview(revoked, records(), { turns: new Map() });
    expect(o.participants[0]).toMatchObject({ invite: null, revokedAt: at(40) });
    expect(o.participants[1]!.invite).toBe(`/#/p/${study.participants[1]!.token}`);
    const results = JSON.stringify(studyResults(o));
    expect(results).toContain('"kind":"siturec.study-results"');
    for (const p of study.participants) expect(results).not.toContain(p.token);
  });
});
