// Human-evaluation benchmark: what a participant's turn adds to the assistant's own latency. The
// assistant is the reference one (no model call), so everything measured is overhead: the server's
// part (the action checked and executed, both roles' views rendered, the assistant's reply, the turn
// committed) as an HTTP round trip of the participant API, and the browser's part (drawing the new
// pose in the participant's live view). Part 1 plays participant P02 over HTTP with the rule shopper;
// part 2 plays P01 in headless Chromium by clicking. Prints one JSON line. npm run bench:human-eval
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StoreKnowledge } from "../src/agents/knowledge/store-knowledge.js";
import { builtinPrompts } from "../src/agents/prompts/prompt-set.js";
import { LlmClient } from "../src/llm/client.js";
import { RenderService } from "../src/render/render-service.js";
import { launchBrowser } from "../src/render/testing/launch-browser.js";
import { openRunStore } from "../src/storage/open-run-store.js";
import { createStudy } from "../src/study/create-study.js";
import { httpParticipant, type ParticipantClient } from "../src/study/participant-client.js";
import type { ParticipantState } from "../src/study/participant-view.js";
import { ruleRater } from "../src/study/raters.js";
import { simulateParticipant } from "../src/study/simulated-participant.js";
import { StudyStore } from "../src/study/study-store.js";
import { RuleOracle } from "../src/study/testing/rule-oracle.js";
import { startWebServer } from "../src/web/server.js";
import { clickThrough } from "../src/web/testing/click-through.js";

const TASKS = (process.env.TASKS ?? "sm-01.1,sm-02.1,sm-03.1,sm-04.1").split(",");
const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};

/** A participant client that times each act (the HTTP round trip). */
function timed(api: ParticipantClient, acts: number[]): ParticipantClient {
  return {
    ...api,
    act: async (turn, output) => {
      const t0 = performance.now();
      const s = await api.act(turn, output);
      acts.push(performance.now() - t0);
      return s;
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), "siturec-bench-human-"));
const store = openRunStore(dir);
const study = createStudy({
  id: "bench",
  assistants: ["reference"],
  tasks: TASKS,
  participants: ["P01", "P02"],
  perParticipant: TASKS.length,
});
await new StudyStore(store).create(study);
await store.close();
const render = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
const server = await startWebServer({ dir, port: 0, study: { render } });
const browser = await launchBrowser();
try {
  const [p1, p2] = study.participants;
  const acts: number[] = [];
  await simulateParticipant(
    timed(httpParticipant(`${server.url}/#/p/${p2!.token}`, { adminToken: server.adminToken }), acts),
    {
      shopper: "rule",
      knowledge: await StoreKnowledge.load("supermarket"),
      client: new LlmClient({ noCache: true }),
      prompts: builtinPrompts(),
      rate: ruleRater,
    },
  );

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${server.url}/#/p/${p1!.token}`);
  await page.fill(".profile input[maxlength='80']", "bench");
  await page.click(".profile button.send");
  const api = httpParticipant(`${server.url}/#/p/${p1!.token}`, { adminToken: server.adminToken });
  const oracle = new RuleOracle();
  const clicked: number[] = [];
  for (let k = 0; k < TASKS.length; k++) {
    await page.click(".goal-card button.send");
    await page.waitForSelector('.live-view[data-drawn="0"]', { timeout: 120_000 });
    let s: ParticipantState = await api.state();
    while (s.stage === "playing") {
      const out = await oracle.next(s, await api.briefing());
      const t0 = performance.now();
      await clickThrough(page, out, s);
      clicked.push(performance.now() - t0);
      s = await api.state();
    }
    for (const q of s.questionnaire.items)
      await page.click(`.question input[name="${q.dimension}"][value="4"]`);
    await page.click(".questionnaire button.send");
    await page.waitForSelector(k === TASKS.length - 1 ? "text=Thank you!" : ".goal-card");
  }
  const draws = await page.evaluate(() =>
    performance.getEntriesByName("siturec-live-draw").map((e) => e.duration),
  );
  console.log(
    JSON.stringify({
      interactions: TASKS.length * 2,
      http_turns: acts.length,
      act_p50_ms: quantile(acts, 0.5),
      act_p90_ms: quantile(acts, 0.9),
      browser_draw_p50_ms: quantile(draws, 0.5),
      browser_draw_p90_ms: quantile(draws, 0.9),
      overhead_p50_ms: Math.round((quantile(acts, 0.5) + quantile(draws, 0.5)) * 10) / 10,
      click_turns: clicked.length,
      click_to_drawn_p50_ms: quantile(clicked, 0.5),
      renderer: render.rendererName,
    }),
  );
} finally {
  await browser.close();
  await server.close();
  await render.close();
  rmSync(dir, { recursive: true, force: true });
}
