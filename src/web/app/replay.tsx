import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { EpisodeReplay, ProductName } from "../api-types.js";
import { imageUrl } from "./api.js";
import { callText, links, usd, words } from "./format.js";
import { Icon, Verdict } from "./icons.js";
import { JudgePanel } from "./judge-panel.js";
import { Minimap } from "./minimap.js";
import { callsUrl, ModelCallsPanel, RawTurnJson } from "./model-calls-panel.js";
import { RevealedInfo } from "./revealed-info.js";
import "./replay.css";

type Trajectory = EpisodeReplay["trajectory"];
type Turn = Trajectory["turns"][number];

/** Whether the shopper did what the assistant expected: the same tool and, when one was named, the same target. */
export function matches(turn: Turn): boolean {
  const expected = turn.assistant.output.expected_user_action;
  if (expected.name !== turn.shopper.output.tool_call.name) return false;
  return (
    turn.assistant.expectedTargetId === null || turn.assistant.expectedTargetId === turn.execution.targetId
  );
}

function Product({ id, products }: { id: string; products: Record<string, ProductName> }) {
  const p = products[id];
  return (
    <span class="product">
      {p ? (
        <>
          {p.brand} {p.name} <span class="sub">{usd(p.price)}</span>
        </>
      ) : (
        id
      )}{" "}
      <code class="id">{id}</code>
    </span>
  );
}

function View({ title, hash, note }: { title: string; hash: string; note: string }) {
  return (
    <figure class="view">
      <figcaption>
        {title} <span class="sub">{note}</span>
      </figcaption>
      <img src={imageUrl(hash)} alt={title} width={640} height={480} />
    </figure>
  );
}

/** How a turn's ending reads: a purchase is good news, a failure bad, any other ending neither. */
function endingTone(reason: string | null): "good" | "bad" | "neutral" {
  if (reason === "success_cart_added") return "good";
  return reason === "error" ? "bad" : "neutral";
}

/** Prefetches a turn's two views so that → shows the next one at once. */
function prefetch(turn: Turn | undefined) {
  if (!turn) return;
  for (const o of [turn.observations.shopper, turn.observations.assistant])
    new Image().src = imageUrl(o.image);
}

/** A SituRecBench episode, turn by turn: both annotated views, the dialogue, actions, ranking, cart. */
export function Replay({ run, replay, turn: n }: { run: string; replay: EpisodeReplay; turn: number }) {
  const t = replay.trajectory;
  const { header, outcome, turns } = t;
  const count = turns.length;
  const index = Math.min(Math.max(n, 1), Math.max(count, 1)) - 1;
  const turn = turns[index];
  // The page's, not the turn's: a panel opened stays open as the turns go by.
  const [callsOpen, setCallsOpen] = useState(false);
  const [rawOpen, setRawOpen] = useState(false);
  const go = (to: number) => {
    if (to >= 1 && to <= count) location.hash = links.episode(run, header.env, header.task.id, to);
  };
  // Registered as the turn renders (a layout effect), so a key pressed as soon as it shows is heard,
  // and again whenever the episode or the turn changes, so it never steers by an earlier one.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
      if (e.key === "ArrowRight") go(index + 2);
      else if (e.key === "ArrowLeft") go(index);
      else if (e.key === "Home") go(1);
      else if (e.key === "End") go(count);
      else return;
      e.preventDefault();
    };
    addEventListener("keydown", onKey);
    prefetch(turns[index + 1]);
    return () => removeEventListener("keydown", onKey);
  }, [index, count, run, header.env, header.task.id]);

  const goal = header.task.goal;
  const reference = new Set(header.task.referenceItems);
  return (
    <section class="replay">
      <div class="episode-head">
        <div>
          <h1>
            {header.env} · task {header.task.id}
          </h1>
          <p class="goal">
            <b>Goal:</b> <span class="utterance">{goal.request}</span>{" "}
            <span class="sub">{goal.preferences.summary}</span>
          </p>
          <p class="sub">
            {header.profile.persona.name} · assistant <b>{header.agents.assistant}</b> · shopper{" "}
            <b>{header.agents.user}</b> · moderator <b>{header.agents.moderator}</b> · condition{" "}
            <b>{header.condition}</b>
          </p>
        </div>
        <div class={`outcome ${outcome.success ? "good" : "bad"}`}>
          <div class="big">
            <Verdict ok={outcome.success}>{outcome.success ? "purchase" : "no purchase"}</Verdict>
          </div>
          <div>{words(outcome.reason)}</div>
          {outcome.purchased && (
            <div class="sub">
              bought <Product id={outcome.purchased} products={replay.products} />
              {outcome.purchasedReference ? " (a reference item)" : " (not a reference item)"}
            </div>
          )}
          {outcome.error && <div class="sub">{outcome.error}</div>}
        </div>
      </div>
      <JudgePanel judge={t.judge} run={run} />

      <nav class="turn-nav" aria-label="turns">
        <button type="button" onClick={() => go(index)} disabled={index === 0} aria-label="previous turn">
          <Icon name="left" /> prev
        </button>
        <span class="turn-label" data-testid="turn-label">
          Turn {index + 1} of {count}
        </span>
        <button
          type="button"
          onClick={() => go(index + 2)}
          disabled={index + 1 >= count}
          aria-label="next turn"
        >
          next <Icon name="right" />
        </button>
        <span class="turn-strip">
          {turns.map((tu, i) => (
            <a
              key={tu.turn}
              href={links.episode(run, header.env, header.task.id, i + 1)}
              class={`chip ${i === index ? "current" : ""} ${matches(tu) ? "match" : "miss"} ${tu.termination.ended ? `end end-${endingTone(tu.termination.reason)}` : ""}`}
              title={`turn ${i + 1}: ${tu.shopper.output.tool_call.name}${matches(tu) ? " (as expected)" : ""}`}
            >
              {i + 1}
            </a>
          ))}
        </span>
        <span class="sub keys">
          <span class="legend match">expected action taken</span>
          <span class="legend miss">a different one</span> · keys{" "}
          <kbd>
            <Icon name="left" label="left arrow" />
          </kbd>{" "}
          <kbd>
            <Icon name="right" label="right arrow" />
          </kbd>{" "}
          <kbd>Home</kbd> <kbd>End</kbd> · each turn has its own link
        </span>
      </nav>

      {!turn && <p class="empty">This episode has no turns.</p>}
      {turn && <TurnView turn={turn} turns={turns} index={index} replay={replay} reference={reference} />}
      {turn && (
        <>
          <ModelCallsPanel
            url={callsUrl(run, header.env, header.task.id, index + 1)}
            open={callsOpen}
            onToggle={setCallsOpen}
          />
          <RawTurnJson
            record={turn}
            url={callsUrl(run, header.env, header.task.id, index + 1)}
            open={rawOpen}
            onToggle={setRawOpen}
          />
        </>
      )}
    </section>
  );
}

function TurnView(props: {
  turn: Turn;
  turns: Trajectory["turns"];
  index: number;
  replay: EpisodeReplay;
  reference: Set<string>;
}) {
  const { turn, turns, index, replay, reference } = props;
  const a = turn.assistant;
  const s = turn.shopper;
  const x = turn.execution;
  const ok = matches(turn);
  // The dialogue so far ends with this turn: keep it in view when the list is taller than its box.
  const dialogue = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const list = dialogue.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [index]);
  return (
    <div class="turn">
      <div class="views">
        <View
          title="Shopper's view"
          hash={turn.observations.shopper.image}
          note={`${turn.observations.shopper.products.length} products, ${turn.observations.shopper.targets.length} places labelled`}
        />
        <View
          title="Assistant's view"
          hash={turn.observations.assistant.image}
          note={`${turn.observations.assistant.products.length} products, ${turn.observations.assistant.targets.length} places labelled`}
        />
      </div>

      <div class="panels">
        <div class="panel this-turn">
          <h2>This turn</h2>
          <div class="line assistant">
            <b>Assistant</b>
            <span class="acts">
              {a.output.assistant_actions.map((act, i) => (
                <span key={`${act.type}-${i}`} class="act">
                  {act.type}
                </span>
              ))}
            </span>
            <div class="utterance">{a.output.utterance}</div>
            {a.formatError && <div class="sub bad">format error: {a.formatError}</div>}
          </div>
          <div class="line shopper">
            <b>Shopper</b>
            <div class="utterance">{s.output.utterance}</div>
          </div>
          <table class={`actions ${ok ? "matched" : "unmatched"}`}>
            <tbody>
              <tr class="expected">
                <th>Expected action</th>
                <td>
                  <code>{callText(a.output.expected_user_action)}</code>
                  {a.expectedTargetId && <span class="sub"> → {a.expectedTargetId}</span>}
                </td>
              </tr>
              <tr class="actual">
                <th>Actual action</th>
                <td>
                  <code>{callText(s.output.tool_call)}</code>
                  {x.targetName && <span class="sub"> → {x.targetName}</span>}
                </td>
              </tr>
              <tr class="match-row">
                <th>Match</th>
                <td>
                  <Verdict ok={ok}>{ok ? "as expected" : "different"}</Verdict>
                </td>
              </tr>
              <tr>
                <th>Result</th>
                <td>
                  {x.success ? "done" : `failed${x.error ? `: ${x.error}` : ""}`}
                  {x.blocked && " · blocked"}
                  {x.displacement > 0 && ` · moved ${x.displacement.toFixed(1)} m`}
                  {x.addedToCart && " · added to cart"}
                </td>
              </tr>
              {x.revealed && (
                <tr>
                  <th>Revealed</th>
                  <td>item facts (see Revealed item info)</td>
                </tr>
              )}
              <tr>
                <th>Termination</th>
                <td>
                  {turn.termination.ended ? (
                    <b class={`ended ${endingTone(turn.termination.reason)}`}>
                      ended: {words(turn.termination.reason)}
                    </b>
                  ) : (
                    `continues (moderator: ${turn.termination.moderator?.decision ?? "not asked"})`
                  )}
                  {turn.termination.moderator?.reason && (
                    <div class="sub">moderator: {turn.termination.moderator.reason}</div>
                  )}
                </td>
              </tr>
            </tbody>
          </table>
        </div>

        <div class="panel">
          <h2>Top-10 ranking</h2>
          {a.output.ranking.length === 0 && <p class="sub">no ranking this turn</p>}
          <ol class="ranking">
            {/* Each item numbers itself: Chromium keeps stale list numbers when items are reordered. */}
            {a.output.ranking.slice(0, 10).map((id, i) => (
              <li key={id} value={i + 1} class={reference.has(id) ? "reference" : ""}>
                <Product id={id} products={replay.products} />
                {reference.has(id) && <span class="tag">reference</span>}
              </li>
            ))}
          </ol>
          <h2>Cart</h2>
          {turn.state.cart.length ? (
            <ul>
              {turn.state.cart.map((id) => (
                <li key={id}>
                  <Product id={id} products={replay.products} />
                </li>
              ))}
            </ul>
          ) : (
            <p class="sub">empty</p>
          )}
          {turn.state.held && (
            <p>
              Holding <Product id={turn.state.held} products={replay.products} />
            </p>
          )}
        </div>

        <div class="panel dialogue">
          <h2>Dialogue so far</h2>
          <ol class="transcript" ref={dialogue}>
            {turns.slice(0, index + 1).map((tu, i) => (
              <li key={tu.turn} class={i === index ? "current" : ""}>
                <div class="line assistant">
                  <b>A{i + 1}</b> <span class="utterance">{tu.assistant.output.utterance}</span>{" "}
                  <span class="sub">
                    [{tu.assistant.output.assistant_actions.map((x) => x.type).join(", ")}]
                  </span>
                </div>
                <div class="line shopper">
                  <b>S{i + 1}</b> <span class="utterance">{tu.shopper.output.utterance}</span>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>

      <div class="panels-2">
        {replay.map ? (
          <div class="panel">
            <Minimap map={replay.map} turns={turns} index={index} route={replay.route} />
          </div>
        ) : (
          <p class="sub">No map: this build does not know the store.</p>
        )}
        <RevealedInfo turns={turns} index={index} products={replay.products} />
      </div>
    </div>
  );
}
