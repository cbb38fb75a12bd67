import { useState } from "preact/hooks";
import type { ConversationReplay, ProductName } from "../api-types.js";
import { usd, words } from "./format.js";
import { Verdict } from "./icons.js";
import { callsUrl, ModelCallsPanel } from "./model-calls-panel.js";
import "./conversation.css";

/** What each case of equation (1) means, in words. */
const CASES: Record<string, string> = {
  correct_acceptance: "bought a recommended product that meets every dealbreaker",
  wrong_acceptance: "bought a recommended product that breaks a dealbreaker",
  unrecommended_purchase: "bought a product the salesperson never recommended",
  correct_abstention: "bought nothing, and no acceptable product was recommended",
  wrong_abstention: "bought nothing although an acceptable product was recommended",
};

/**
 * A product: its name, price and id. It ends with a space, so that its text never runs into what
 * follows it (the next item of a list, a tag, the next line of the transcript) when the page is read
 * as text (copied, searched, read aloud); the browser does not draw a space at the end of a line.
 */
function Product({ id, products }: { id: string; products: Record<string, ProductName> }) {
  const p = products[id];
  return (
    <span class="product">
      {p ? (
        <>
          {p.name.startsWith(p.brand) ? p.name : `${p.brand} ${p.name}`}{" "}
          <span class="sub">{usd(p.price)}</span>{" "}
        </>
      ) : null}
      <code class="id">{id}</code>{" "}
    </span>
  );
}

function ProductList({ ids, products }: { ids: string[]; products: Record<string, ProductName> }) {
  return (
    <>
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && " · "}
          <Product id={id} products={products} />
        </span>
      ))}
    </>
  );
}

/** A turn's private reasoning, folded under its message: the other side never saw it. */
function Reasoning({ text, who }: { text: string; who: string }) {
  return (
    <details class="reasoning">
      <summary>reasoning</summary>
      <p class="reasoning-text" title={`the ${who}'s private reasoning (not shown to the other side)`}>
        {text}
      </p>
    </details>
  );
}

/** A round's model calls, folded under it and loaded when opened. */
function RoundCalls({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  return <ModelCallsPanel url={url} open={open} onToggle={setOpen} compact />;
}

/**
 * A CustomerSim conversation: the persona (who they are, what they want, their dealbreakers), the
 * acceptable set and what was recommended and bought, the Decision Alignment verdict of equation (1)
 * in words, and the transcript with each side's private reasoning folded under its message and, when
 * a side is a model, each round's model calls. Every utterance is text, never HTML.
 */
export function ConversationView({
  conversation: c,
  run,
}: {
  conversation: ConversationReplay;
  run: string;
}) {
  // Model ids are `provider:model`; the built-in agents' are single words and make no model calls.
  const models = c.shopper.includes(":") || c.sales.includes(":");
  const acceptable = new Set(c.acceptable);
  const recommended = new Set(c.recommended);
  const p = c.profile;
  return (
    <section class="conversation">
      <h1>
        Conversation with persona {c.persona} <span class="sub">({c.category})</span>
      </h1>
      <div class="conversation-head">
        <div class="panel persona">
          <h2>Persona</h2>
          {p ? (
            <>
              <p>
                <b>{p.name}</b>, {p.age} · shopping for <b>{p.shoppingFor}</b> · budget {usd(p.budget)} ·{" "}
                knowledge: {p.knowledgeLevel}
              </p>
              <p class="sub">{p.background}</p>
              <p class="sub">Speaks: {p.speakingStyle}</p>
              <h3>Dealbreakers</h3>
              <ul>
                {p.dealbreakers.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
              {p.preferences.length > 0 && (
                <>
                  <h3>Preferences</h3>
                  <ul>
                    {p.preferences.map((d) => (
                      <li key={d}>{d}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          ) : (
            <p class="sub">This build's CustomerSim data has no persona {c.persona}.</p>
          )}
        </div>
        <div class="panel verdict">
          <h2>Decision</h2>
          {c.decision ? (
            <p class="big">
              <Verdict ok={c.decision.da === 1}>
                DA = {c.decision.da}: {words(c.decision.case)}
              </Verdict>
            </p>
          ) : (
            <p class="sub">No verdict (the conversation failed).</p>
          )}
          {c.decision && <p class="sub">The shopper {CASES[c.decision.case] ?? words(c.decision.case)}.</p>}
          <dl class="facts">
            <dt>Shopper</dt>
            <dd>{c.shopper}</dd>
            <dt>Salesperson</dt>
            <dd>{c.sales}</dd>
            <dt>Ending</dt>
            <dd>{words(c.reason)}</dd>
            <dt>Purchased</dt>
            <dd>
              {c.purchased ? <Product id={c.purchased} products={c.products} /> : "nothing"}
              {c.purchased && (
                <span class={acceptable.has(c.purchased) ? "tag" : "tag no"}>
                  {acceptable.has(c.purchased) ? "acceptable" : "not acceptable"}
                </span>
              )}
            </dd>
          </dl>
          <h3>Acceptable set ({c.acceptable.length})</h3>
          {p && !p.feasible && (
            <p class="sub">None: no product meets every dealbreaker, so buying nothing is right.</p>
          )}
          <ul class="acceptable">
            {c.acceptable.map((id) => (
              <li key={id} class={recommended.has(id) ? "recommended" : ""}>
                <Product id={id} products={c.products} />
                {recommended.has(id) && <span class="tag">recommended</span>}
                {c.purchased === id && <span class="tag">bought</span>}
              </li>
            ))}
          </ul>
          <h3>Recommended ({c.recommended.length})</h3>
          {!c.recommended.length && <p class="sub">nothing</p>}
          <ul>
            {c.recommended.map((id) => (
              <li key={id}>
                <Product id={id} products={c.products} />
                <span class={acceptable.has(id) ? "tag" : "tag no"}>
                  {acceptable.has(id) ? "acceptable" : "not acceptable"}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <h2>Transcript</h2>
      <ol class="transcript">
        {c.rounds.map((r) => (
          <li key={r.turn}>
            <div class="line shopper">
              <b>Shopper</b> <span class="utterance">{r.shopper}</span>
              {r.shopperReasoning && <Reasoning text={r.shopperReasoning} who="shopper" />}
            </div>
            {r.sales !== null && (
              <div class="line assistant">
                <b>Salesperson</b> <span class="utterance">{r.sales}</span>
                {r.salesReasoning && <Reasoning text={r.salesReasoning} who="salesperson" />}
                {r.recommended.length > 0 && (
                  <div class="sub">
                    recommended: <ProductList ids={r.recommended} products={c.products} />
                  </div>
                )}
                {(r.mentionedNotRecommended?.length ?? 0) > 0 && (
                  <div class="sub" title="named in the text without a recommend call: not in R(C)">
                    named, not recommended:{" "}
                    <ProductList ids={r.mentionedNotRecommended ?? []} products={c.products} />
                  </div>
                )}
              </div>
            )}
            {models && <RoundCalls url={callsUrl(run, c.category, c.persona, r.turn)} />}
          </li>
        ))}
      </ol>
    </section>
  );
}
