import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { hashOf } from "../core/hash.js";
import { LlmClient } from "../llm/client.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { RenderService } from "../render/render-service.js";
import { runBenchmark } from "../runner/run-benchmark.js";
import { parseRunConfig } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "../study/create-study.js";
import { httpParticipant } from "../study/participant-client.js";
import { ruleRater } from "../study/raters.js";
import { simulateParticipant } from "../study/simulated-participant.js";
import type { ParticipantRecord } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { RuleOracle } from "../study/testing/rule-oracle.js";
import { SAMPLE_PROFILE } from "../study/testing/sample-profile.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { startWebServer } from "../web/server.js";
import { runCli } from "./testing/run-cli.js";

const TASKS = ["sm-02.1", "sm-03.2"];

async function all(store: ReturnType<typeof openRunStore>, run: string): Promise<Trajectory[]> {
  const out: Trajectory[] = [];
  for await (const t of store.trajectories(run)) out.push(t);
  return out;
}

describe("a study played by a simulated participant through the participant API", () => {
  let dir: string;
  let render: RenderService;
  let token: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "siturec-simstudy-"));
    const store = openRunStore(dir);
    const study = createStudy({ id: "sim", assistants: ["reference"], tasks: TASKS, participants: ["P01"] });
    token = study.participants[0]!.token;
    await new StudyStore(store).create(study);
    await store.close();
    render = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
  });

  afterAll(async () => {
    await render?.close();
  });

  it("continues after the server stopped mid-interaction, and stores what an in-process run stores", async () => {
    const opts = {
      shopper: "rule",
      knowledge: await StoreKnowledge.load("supermarket"),
      client: new LlmClient({ noCache: true }),
      prompts: builtinPrompts(),
      rate: ruleRater,
    };
    // Two turns into the first interaction, the server stops.
    let server = await startWebServer({ dir, port: 0, study: { render } });
    let api = httpParticipant(`${server.url}/#/p/${token}`, { adminToken: server.adminToken });
    let s = await api.state();
    s = await api.profile(SAMPLE_PROFILE);
    s = await api.start(s.interaction!.index);
    const oracle = new RuleOracle();
    for (let n = 0; n < 2 && s.stage === "playing"; n++)
      s = await api.act(s.turn!.turn, await oracle.next(s, await api.briefing()));
    expect(s.stage).toBe("playing");
    await server.close();

    // A new server: the interaction starts again from its beginning, and the study plays to the end.
    server = await startWebServer({ dir, port: 0, study: { render } });
    api = httpParticipant(`${server.url}/#/p/${token}`, { adminToken: server.adminToken });
    expect((await api.state()).stage).toBe("goal");
    const final = await simulateParticipant(api, opts);
    await server.close();
    expect(final.stage).toBe("finished");
    expect(final.progress).toEqual({ index: 2, total: 2, done: 2 });

    // The same episodes as `siturec run` with the rule shopper: the API carried the whole context.
    const sim = dir;
    const run = await runBenchmark(
      parseRunConfig(
        {
          env: "supermarket",
          tasks: TASKS.join(","),
          storeDir: sim,
          agents: { assistant: "reference", shopper: "rule" },
        },
        "test",
      ),
      { render, preflight: false, runId: "rule-sim" },
    );
    expect(run.status).toBe("complete");
    const store = openRunStore(dir, { readonly: true });
    const reference = store;
    try {
      const human = await all(store, "study-sim-P01-a1");
      const simulated = await all(reference, "rule-sim");
      expect(human.map((t) => t.header.task.id)).toEqual(simulated.map((t) => t.header.task.id));
      for (const [k, t] of human.entries()) {
        expect(t.header.agents.user).toBe("human-P01");
        expect(hashOf(t.turns)).toBe(hashOf(simulated[k]!.turns));
        expect(t.outcome).toEqual(simulated[k]!.outcome);
      }
      const [record] = (await store.listRecords("study-participant")).map(
        (r) => r.value as ParticipantRecord,
      );
      expect(record!.profile?.occupation).toBe("pharmacist");
      expect(record!.interactions.map((i) => i.status)).toEqual(["done", "done"]);
      expect(
        record!.interactions.every((i) => i.answers && Object.keys(i.answers.ratings).length === 7),
      ).toBe(true);
    } finally {
      await store.close();
    }

    // The export and the agreement read it like any study.
    const exported = await runCli("study", "export", "sim", "--dir", dir);
    expect(exported.code, exported.err).toBe(0);
    const lines = exported.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { participant: { code: string } });
    expect(lines.map((l) => l.participant.code)).toEqual(["P01", "P01"]);
    const agreement = await runCli("human-agreement", "sim", "--sim", "rule-sim", "--dir", dir, "--json");
    expect(agreement.code, agreement.err).toBe(0);
    const table = JSON.parse(agreement.out) as {
      table4: {
        rows: { assistant: string; human: { trajectories: number }; sim: { trajectories: number } }[];
      };
      notes: string[];
    };
    expect(table.table4.rows).toMatchObject([
      { assistant: "reference", human: { trajectories: 2 }, sim: { trajectories: 2 } },
    ]);
    expect(table.notes.join("\n")).toMatch(/only 1 assistant in common/);
  });
});

const RATINGS = {
  informativeness: 4,
  naturalness: 5,
  groundedness: 3,
  preference_alignment: 4,
  proactiveness: 2,
  non_repetition: 5,
  overall: 4,
};

describe("siturec study simulate with a model as the shopper and the rater", () => {
  it("the model sees the participant's view, answers the questionnaire, and the run records it all", async () => {
    const mock = await MockOpenAIServer.start();
    const dir = mkdtempSync(join(tmpdir(), "siturec-simstudy-llm-"));
    try {
      mock.fallback = (req) => {
        const text = JSON.stringify(req.messages);
        if (text.includes("Rate it honestly"))
          return {
            kind: "text",
            content: JSON.stringify({
              ratings: RATINGS,
              comment: "It asked good questions.",
            }),
          };
        return {
          kind: "text",
          content: JSON.stringify({
            utterance: "I want strawberry jam.",
            tool_call: { name: "idle", arguments: {} },
          }),
        };
      };
      const made = await runCli(
        "study",
        "create",
        "llm",
        "--assistants",
        "reference",
        "--tasks",
        "sm-01.1",
        "--participants",
        "1",
        "--per-participant",
        "1",
        "--max-turns",
        "3",
        "--dir",
        dir,
      );
      expect(made.code, made.err).toBe(0);
      const model = mock.modelId();
      const r = await runCli("study", "simulate", "llm", "--shopper", model, "--dir", dir, "--quiet");
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain("1 interactions done by 1 simulated participants");
      // Three shopper turns, each with the participant's annotated view; then the questionnaire.
      const shopper = mock.requests.filter((q) => !JSON.stringify(q.messages).includes("Rate it honestly"));
      expect(shopper.length).toBeGreaterThanOrEqual(3);
      expect(shopper.every((q) => q.images === 1)).toBe(true);
      const store = openRunStore(dir, { readonly: true });
      try {
        const [t] = await all(store, "study-llm-P1-a1");
        expect(t!.header.agents.user).toBe("human-P1");
        expect(t!.turns[0]!.shopper.output.utterance).toBe("I want strawberry jam.");
        const [record] = (await store.listRecords("study-participant")).map(
          (x) => x.value as ParticipantRecord,
        );
        expect(record!.interactions[0]!.answers).toEqual({
          ratings: RATINGS,
          comment: "It asked good questions.",
        });
      } finally {
        await store.close();
      }
      const shown = await runCli("study", "show", "llm", "--dir", dir, "--json");
      expect((JSON.parse(shown.out) as { progress: { done: number }[] }).progress[0]!.done).toBe(1);
    } finally {
      await mock.close();
    }
  });
});
