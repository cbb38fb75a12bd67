import type { ConversationReplay } from "../api-types.js";
import { words } from "./format.js";

/** A CustomerSim conversation: persona, transcript, and the Decision Alignment verdict. */
export function ConversationView({ conversation: c }: { conversation: ConversationReplay }) {
  return (
    <section>
      <h1>
        Conversation with persona {c.persona} <span class="sub">({c.category})</span>
      </h1>
      <dl class="facts">
        <dt>Shopper</dt>
        <dd>{c.shopper}</dd>
        <dt>Salesperson</dt>
        <dd>{c.sales}</dd>
        <dt>Ending</dt>
        <dd>{words(c.reason)}</dd>
        <dt>Purchased</dt>
        <dd>{c.purchased ?? "nothing"}</dd>
        <dt>Decision</dt>
        <dd>
          {c.decision ? (
            <span class={c.decision.da ? "good" : "bad"}>
              DA = {c.decision.da} ({words(c.decision.case)})
            </span>
          ) : (
            "–"
          )}
        </dd>
      </dl>
      <ol class="transcript">
        {c.rounds.map((r) => (
          <li key={r.turn}>
            <div class="line shopper">
              <b>Shopper</b> <span class="utterance">{r.shopper}</span>
            </div>
            {r.sales !== null && (
              <div class="line assistant">
                <b>Salesperson</b> <span class="utterance">{r.sales}</span>
                {r.recommended.length > 0 && <div class="sub">recommended: {r.recommended.join(", ")}</div>}
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
