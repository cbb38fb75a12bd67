import type { Page } from "playwright-core";
import type { ParticipantState } from "../../study/participant-api.js";
import type { ParticipantAct } from "../../study/study-spec.js";

/**
 * Performs a decided turn on the participant's page as a person would (tests and benchmarks): types,
 * picks the action, sets its fields, clicks a label, sends; resolves once the next turn is drawn (or
 * the questionnaire shows) with the status of the request: 200 when the turn was taken.
 */
export async function clickThrough(
  page: Page,
  out: ParticipantAct["output"],
  state: ParticipantState,
): Promise<number> {
  await page.fill(".say textarea", out.utterance);
  const { name, arguments: args } = out.tool_call;
  await page.click(`.tool[data-tool="${name}"]`);
  for (const [k, v] of Object.entries(args ?? {})) {
    if (k === "target") {
      const label = page.locator(`.som-label[data-handle="${String(v)}"]:not([disabled])`);
      if (await label.count()) await label.first().click();
      else await page.selectOption('[data-param="target"]', String(v));
    } else if (typeof v === "number") await page.fill(`[data-param="${k}"]`, String(v));
    else await page.selectOption(`[data-param="${k}"]`, String(v));
  }
  const acted = page.waitForResponse((r) => r.url().endsWith("/act") && r.request().method() === "POST");
  await page.click("button.send");
  const status = (await acted).status();
  // The next turn is on screen once the live view has drawn it (or the interaction has ended).
  await page.waitForSelector(`.questionnaire, .live-view[data-drawn="${state.turn!.turn + 1}"]`);
  return status;
}
