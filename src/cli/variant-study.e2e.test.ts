import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { loadEnvData } from "../envs/env-data.js";
import { LlmClient } from "../llm/client.js";
import { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "../study/create-study.js";
import { httpParticipant } from "../study/participant-client.js";
import { ruleRater } from "../study/raters.js";
import { simulateParticipant } from "../study/simulated-participant.js";
import { StudyStore } from "../study/study-store.js";
import { SAMPLE_PROFILE } from "../study/testing/sample-profile.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { startWebServer } from "../web/server.js";

const ENV = "supermarket@1000";
const tmp = tempDirs("variant-study");
const saved = process.env.SITUREC_VARIANTS_DIR;
let dir: string;
let render: RenderService;

beforeAll(async () => {
  process.env.SITUREC_VARIANTS_DIR = join(tmp(), "variants");
  dir = tmp();
  render = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
});
afterAll(async () => {
  await render?.close();
  if (saved === undefined) delete process.env.SITUREC_VARIANTS_DIR;
  else process.env.SITUREC_VARIANTS_DIR = saved;
});

describe("a study in a held-out variant", () => {
  it("samples the variant's bank, and its participant plays in the variant's store and sees its map", async () => {
    const study = createStudy({
      id: "held",
      env: ENV,
      assistants: ["reference"],
      sample: 1,
      participants: ["P01"],
      shopperMap: true,
    });
    const bank = loadTaskBank(ENV);
    expect(study.env).toBe(ENV);
    expect(bank.tasks.map((t) => t.id)).toContain(study.tasks[0]);
    const store = openRunStore(dir);
    await new StudyStore(store).create(study);
    await store.close();

    const server = await startWebServer({ dir, port: 0, study: { render } });
    try {
      const invite = `${server.url}/#/p/${study.participants[0]!.token}`;
      const api = httpParticipant(invite, { adminToken: server.adminToken });
      let s = await api.profile(SAMPLE_PROFILE);
      s = await api.start(s.interaction!.index);
      // The variant's task, as the page shows it; its view and its store map (shopperMap) are drawn.
      const task = bank.tasks.find((t) => t.id === study.tasks[0])!;
      expect(s.interaction?.goal.request).toBe(task.goal.request);
      const token = study.participants[0]!.token;
      for (const picture of ["view", "minimap"]) {
        const res = await fetch(`${server.url}/api/p/${token}/${picture}.png`);
        expect(res.status, picture).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/png");
      }
      const final = await simulateParticipant(api, {
        shopper: "rule",
        knowledge: await StoreKnowledge.load(ENV),
        client: new LlmClient({ noCache: true }),
        prompts: builtinPrompts(),
        rate: ruleRater,
      });
      expect(final.stage).toBe("finished");
    } finally {
      await server.close();
    }

    const runs = openRunStore(dir, { readonly: true });
    try {
      const played: Trajectory[] = [];
      for await (const t of runs.trajectories("study-held-P01-a1")) played.push(t);
      expect(played.map((t) => [t.header.env, t.header.task.id])).toEqual([[ENV, study.tasks[0]]]);
      // The episode began where the variant's shoppers start, not at the built-in store's entrance.
      const { start } = loadEnvData(ENV).layout;
      expect(start).not.toMatchObject(loadEnvData("supermarket").layout.start);
      expect(played[0]!.turns[0]!.pose).toMatchObject({ x: start.x, z: start.z, yaw: start.yaw });
    } finally {
      await runs.close();
    }
  });
});
