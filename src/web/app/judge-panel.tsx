import { usd, words } from "./format.js";
import { judgeView } from "./judge-view.js";

/**
 * The conversation judge's verdict on the episode (`siturec judge`): each dimension's 1–5 score as a
 * bar, the rationale, the judge model and what it cost; a note on how to judge when it was not.
 */
export function JudgePanel({ judge, run }: { judge: unknown; run: string }) {
  const v = judgeView(judge);
  if (!v)
    return (
      <p class="sub judge-none" data-testid="judge-none">
        Not judged: <code>siturec judge {run} --model MODEL</code> scores the dialogue (Appendix C.1).
      </p>
    );
  return (
    <section class="panel judge" data-testid="judge">
      <h2>Judge</h2>
      <p class="sub judge-model">{v.model ?? "judge model not recorded"}</p>
      {v.formatError && <p class="bad">The judge's output was unusable: {v.formatError}</p>}
      {v.scores.length > 0 && (
        <dl class="judge-scores">
          {v.scores.map((s) => (
            <div key={s.dimension}>
              <dt>{words(s.dimension)}</dt>
              <dd>
                <span class="score-bar" aria-hidden="true">
                  <span style={{ width: `${(Math.min(Math.max(s.score, 0), 5) / 5) * 100}%` }} />
                </span>
                <b>{s.score}</b>
                <span class="sub"> / 5</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {v.rationale && (
        <p class="rationale">
          <b>Rationale:</b> <span class="utterance">{v.rationale}</span>
        </p>
      )}
      <p class="sub">
        read the {v.input === "record+extras" ? "record with the task and outcome" : "textual record"}
        {v.costUsd !== null && ` · ${usd(v.costUsd)}`}
        {v.cached && " (from the cache)"}
      </p>
    </section>
  );
}
