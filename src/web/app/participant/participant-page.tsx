import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ParticipantState, ParticipantTurn } from "../../../study/participant-api.js";
import { getJson, message, postJson } from "../api.js";
import { usd } from "../format.js";
import { ActionPanel, type Draft, toolName } from "./action-panel.js";
import { LiveView } from "./live-view.js";
import { ProfileForm } from "./profile-form.js";
import { QuestionnaireForm } from "./questionnaire-form.js";
import "./participant.css";

/** The goal a participant reads before an interaction, and keeps at hand during it. */
function Goal({ state }: { state: ParticipantState }) {
  const g = state.interaction!.goal;
  return (
    <div class="goal">
      <p class="request">{g.request}</p>
      <ul>
        <li>
          <b>What matters:</b> {g.preferences}
        </li>
        <li>
          <b>Budget:</b> at most {usd(g.budget)}
        </li>
      </ul>
    </div>
  );
}

function Progress({ state }: { state: ParticipantState }) {
  const i = state.interaction;
  return (
    <div class="progress">
      <span>
        Participant <b>{state.participant}</b>
      </span>
      {i && (
        <span>
          Task {i.taskNumber} of {i.tasks} · Assistant <b>{i.letter}</b>
        </span>
      )}
      <span>
        {state.progress.done} of {state.progress.total} interactions done
      </span>
      <meter min={0} max={state.progress.total} value={state.progress.done} />
    </div>
  );
}

function Dialogue({ turn, letter }: { turn: ParticipantTurn; letter: string }) {
  const list = useRef<HTMLOListElement>(null);
  // The newest message in sight after every turn.
  useLayoutEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [turn.turn]);
  return (
    <ol class="dialogue" ref={list}>
      {turn.history.map((t) => (
        <li key={t.turn}>
          <p class="says assistant">
            <b>Assistant {letter}:</b> {t.assistant.utterance}
          </p>
          {t.shopper && (
            <p class="says shopper">
              <b>You:</b> {t.shopper.utterance || <i>(nothing)</i>}
              {t.shopper.action && (
                <span class={`did${t.shopper.action.success ? "" : " failed"}`}>
                  {toolName(t.shopper.action.call.name)}
                  {t.shopper.action.targetName ? `: ${t.shopper.action.targetName}` : ""}
                  {t.shopper.action.success ? "" : ` (not done: ${t.shopper.action.error ?? "refused"})`}
                </span>
              )}
            </p>
          )}
        </li>
      ))}
      <li class="now">
        <p class="says assistant">
          <b>Assistant {letter}:</b> {turn.assistantUtterance}
        </p>
      </li>
    </ol>
  );
}

function Side({ token, turn }: { token: string; turn: ParticipantTurn }) {
  const name = (id: string) => {
    const p = turn.products[id];
    return p ? `${p.brand} ${p.name}${p.size ? ` (${p.size})` : ""}` : id;
  };
  return (
    <div class="side">
      {turn.map && (
        <figure class="card map">
          <figcaption>Map (you are the arrow)</figcaption>
          <a href={`/api/p/${token}/minimap.png?turn=${turn.turn}`} target="_blank" rel="noreferrer">
            <img src={`/api/p/${token}/minimap.png?turn=${turn.turn}`} alt="store map" />
          </a>
        </figure>
      )}
      <div class="card">
        <h3>In your hand</h3>
        <p>{turn.shared.held ? name(turn.shared.held) : "nothing"}</p>
        <h3>Cart</h3>
        <p>{turn.shared.cart.length ? turn.shared.cart.map(name).join(", ") : "empty"}</p>
      </div>
      {Object.keys(turn.revealed).length > 0 && (
        <div class="card">
          <h3>What you have looked at</h3>
          <ul class="revealed">
            {Object.entries(turn.revealed).map(([id, d]) => (
              <li key={id}>
                <b>{name(id)}</b>: {usd(d.price)}
                {Object.entries(d)
                  .filter(([k, v]) => k !== "price" && typeof v === "string" && v)
                  .map(([k, v]) => ` · ${k}: ${String(v)}`)
                  .join("")}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** What is in view, as the labels name it (what a simulated shopper reads as its caption). */
function InView({ turn }: { turn: ParticipantTurn }) {
  if (!turn.view.products.length && !turn.view.targets.length)
    return <p class="sub">Nothing labelled in view.</p>;
  return (
    <div class="in-view">
      {turn.view.products.map((p) => (
        <span key={p.handle} class="chip">
          <b>{p.handle}</b> {p.brand} {p.name} · {p.distanceM.toFixed(1)} m
        </span>
      ))}
      {turn.view.targets.map((t) => (
        <span key={t.handle} class="chip place">
          <b>{t.handle}</b> {t.name} · {t.distanceM.toFixed(1)} m
        </span>
      ))}
    </div>
  );
}

/**
 * A participant's study, from the invite link: the profile, then each interaction (the goal, the
 * store with the assistant under its letter, the questionnaire), then thanks. The page asks the
 * server where the participant is, so a reload continues where they were.
 */
export function ParticipantPage({ token }: { token: string }) {
  const base = `/api/p/${encodeURIComponent(token)}`;
  const [state, setState] = useState<ParticipantState>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<Draft>();
  const [lastSent, setLastSent] = useState<string>();

  useEffect(() => {
    getJson<ParticipantState>(base).then(setState, (err: unknown) => setError(message(err)));
  }, [base]);
  useEffect(() => setDraft(undefined), [state?.turn?.turn, state?.stage]);

  const send = async (path: string, body: unknown) => {
    setBusy(true);
    setError(undefined);
    try {
      setState(await postJson<ParticipantState>(`${base}${path}`, body));
    } catch (err) {
      setError(message(err));
      // Where the page cannot reload its state either (the invite was withdrawn), only the message stays.
      await getJson<ParticipantState>(base).then(setState, () => setState(undefined));
    } finally {
      setBusy(false);
    }
  };

  if (!state) return <div class="participant">{error ? <p class="error">{error}</p> : <p>Loading…</p>}</div>;
  const i = state.interaction;
  const turn = state.turn;
  const action = turn?.legal.find((a) => a.tool === draft?.tool);
  return (
    <div class="participant">
      <Progress state={state} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {state.stage === "profile" && <ProfileForm busy={busy} onSubmit={(p) => send("/profile", p)} />}
      {state.stage === "goal" && i && (
        <div class="card goal-card">
          <h2>
            Task {i.taskNumber} of {i.tasks}, with Assistant {i.letter}
          </h2>
          <p class="sub">
            Read your shopping goal. The assistant does not know it: tell it what you need as you go.
          </p>
          <Goal state={state} />
          <button
            type="button"
            class="send"
            disabled={busy}
            onClick={() => send("/start", { index: i.index })}
          >
            {busy ? "Entering the store…" : `Enter the store with Assistant ${i.letter}`}
          </button>
        </div>
      )}
      {state.stage === "playing" && i && turn && (
        <div class="play">
          <section class="stage">
            <div class="turn-line">
              Turn {turn.turn + 1} of {turn.maxTurns}
              {turn.lastAction && (
                <span class={`last${turn.lastAction.success ? "" : " failed"}`}>
                  Last action: {toolName(turn.lastAction.call.name)}
                  {turn.lastAction.targetName ? ` (${turn.lastAction.targetName})` : ""}
                  {turn.lastAction.success ? " ✓" : ` ✗ ${turn.lastAction.error ?? ""}`}
                </span>
              )}
            </div>
            <LiveView
              env={state.study.env}
              turn={turn}
              picking={
                draft && action?.targets
                  ? {
                      handles: new Set(action.targets.map((t) => t.handle)),
                      chosen: draft.target,
                      pick: (handle) => setDraft({ ...draft, target: handle, approach: undefined }),
                    }
                  : null
              }
            />
            <InView turn={turn} />
            <ActionPanel
              turn={turn}
              letter={i.letter}
              busy={busy}
              draft={draft}
              setDraft={setDraft}
              onSend={(utterance, call) => {
                setLastSent(utterance);
                void send("/act", { turn: turn.turn, output: { utterance, tool_call: call } });
              }}
              onGiveUp={() =>
                void send("/act", {
                  turn: turn.turn,
                  output: {
                    utterance: "Thanks anyway, I'll look elsewhere.",
                    tool_call: { name: "idle", arguments: {} },
                  },
                })
              }
            />
            {lastSent !== undefined && busy && <p class="sub">Sent: “{lastSent}”</p>}
          </section>
          <section class="talk">
            <details class="card goal-reminder" open>
              <summary>Your goal</summary>
              <Goal state={state} />
            </details>
            <div class="card">
              <Dialogue turn={turn} letter={i.letter} />
            </div>
            <Side token={token} turn={turn} />
          </section>
        </div>
      )}
      {state.stage === "questionnaire" && (
        <QuestionnaireForm
          state={state}
          busy={busy}
          onSubmit={(answers) => send("/answers", { index: state.interaction!.index, answers })}
        />
      )}
      {state.stage === "finished" && (
        <div class="card">
          <h2>Thank you!</h2>
          <p>You have finished all {state.progress.total} interactions. You can close this page.</p>
        </div>
      )}
    </div>
  );
}
