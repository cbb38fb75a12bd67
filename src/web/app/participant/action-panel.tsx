import { useEffect, useState } from "preact/hooks";
import type { ActionParam, LegalAction } from "../../../study/legal-actions.js";
import type { ParticipantTurn } from "../../../study/participant-api.js";

/** What each tool is called on the buttons. */
const TOOL_NAMES: Record<string, string> = {
  move_forward: "Walk forward",
  move_backward: "Walk backward",
  turn_and_move: "Turn, then walk",
  move_and_turn: "Walk, then turn",
  side_step: "Step sideways",
  turn: "Turn",
  look_up_down: "Look up / down",
  move_to_fixture: "Go to a shelf or fixture",
  move_to_store: "Go to a store",
  move_to_area: "Go to a display area",
  pick_up_item: "Pick up an item",
  drop_item: "Put the item back",
  check_item: "Check an item",
  add_to_cart: "Add to cart (buy)",
  do_not_add_to_cart: "Decide against an item",
  idle: "Just talk (stay here)",
};
export const toolName = (tool: string) => TOOL_NAMES[tool] ?? tool.replaceAll("_", " ");

export interface Draft {
  tool: string;
  values: Record<string, string | number>;
  target: string | undefined;
  approach: string | undefined;
}

const initial = (a: LegalAction): Draft => ({
  tool: a.tool,
  values: Object.fromEntries(a.params.map((p) => [p.name, p.default])),
  target: undefined,
  approach: undefined,
});

/** The call a draft makes, or why it is not ready. */
export function draftCall(
  draft: Draft,
  action: LegalAction,
): { call: { name: string; arguments: Record<string, unknown> } } | { missing: string } {
  const args: Record<string, unknown> = { ...draft.values };
  if (action.targets && !action.targetOptional && !draft.target)
    return { missing: "click a label in the view (or pick one below)" };
  if (draft.target) args.target = draft.target;
  const target = action.targets?.find((t) => t.handle === draft.target);
  if (action.tool === "move_to_fixture") args.approach = draft.approach ?? "nearest";
  if (action.tool === "move_to_store") {
    const approach = draft.approach ?? target?.approaches?.[0];
    if (!approach) return { missing: "choose where to stand" };
    args.approach = approach;
  }
  return { call: { name: action.tool, arguments: args } };
}

function ParamInput({
  p,
  value,
  set,
}: {
  p: ActionParam;
  value: string | number;
  set: (v: string | number) => void;
}) {
  if (p.kind === "choice")
    return (
      <label class="param">
        {p.name}
        <select data-param={p.name} value={String(value)} onChange={(e) => set(e.currentTarget.value)}>
          {p.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <label class="param">
      {p.name}
      <input
        data-param={p.name}
        type="number"
        min={p.min}
        max={p.max}
        step={p.step}
        value={value}
        onInput={(e) => set(Number(e.currentTarget.value))}
      />
      <span class="unit">{p.unit}</span>
    </label>
  );
}

/**
 * The participant's turn: what to say, and one action of those legal now. Targets are chosen by
 * clicking a label in the view (or from the list); numbers and directions have sensible defaults.
 */
export function ActionPanel({
  turn,
  letter,
  busy,
  draft,
  setDraft,
  onSend,
  onGiveUp,
}: {
  turn: ParticipantTurn;
  letter: string;
  busy: boolean;
  draft: Draft | undefined;
  setDraft: (d: Draft | undefined) => void;
  onSend: (utterance: string, call: { name: string; arguments: Record<string, unknown> }) => void;
  onGiveUp: () => void;
}) {
  const [utterance, setUtterance] = useState("");
  useEffect(() => setUtterance(""), [turn.turn]);
  const action = turn.legal.find((a) => a.tool === draft?.tool);
  const ready = draft && action ? draftCall(draft, action) : undefined;
  const target = action?.targets?.find((t) => t.handle === draft?.target);
  const send = (e: Event) => {
    e.preventDefault();
    if (ready && "call" in ready) onSend(utterance.trim(), ready.call);
  };
  return (
    <form class="action-panel card" onSubmit={send}>
      <label class="say">
        Your reply to Assistant {letter}
        <textarea
          rows={2}
          maxLength={600}
          placeholder="Say what you want, answer its question, or ask one…"
          value={utterance}
          onInput={(e) => setUtterance(e.currentTarget.value)}
        />
      </label>
      <div class="tools">
        {turn.legal.map((a) => (
          <button
            type="button"
            key={a.tool}
            data-tool={a.tool}
            aria-pressed={draft?.tool === a.tool}
            class={`tool${draft?.tool === a.tool ? " on" : ""}${a.tool === "add_to_cart" ? " buy" : ""}`}
            onClick={() => setDraft(draft?.tool === a.tool ? undefined : initial(a))}
          >
            {toolName(a.tool)}
          </button>
        ))}
      </div>
      {draft && action && (
        <div class="tool-form">
          {action.params.map((p) => (
            <ParamInput
              key={p.name}
              p={p}
              value={draft.values[p.name] ?? p.default}
              set={(v) => setDraft({ ...draft, values: { ...draft.values, [p.name]: v } })}
            />
          ))}
          {action.targets && (
            <label class="param">
              {action.targetOptional ? "item (optional)" : "target"}
              <select
                data-param="target"
                value={draft.target ?? ""}
                onChange={(e) =>
                  setDraft({ ...draft, target: e.currentTarget.value || undefined, approach: undefined })
                }
              >
                <option value="">
                  {action.targetOptional ? "the last one I checked" : "click a label…"}
                </option>
                {action.targets.map((t) => (
                  <option key={t.handle} value={t.handle}>
                    {t.handle}: {t.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {(action.tool === "move_to_fixture" || action.tool === "move_to_store") && target?.approaches && (
            <label class="param">
              stand at
              <select
                data-param="approach"
                value={
                  draft.approach ?? (action.tool === "move_to_fixture" ? "nearest" : target.approaches[0])
                }
                onChange={(e) => setDraft({ ...draft, approach: e.currentTarget.value })}
              >
                {(action.tool === "move_to_fixture"
                  ? ["nearest", ...target.approaches.filter((a) => a !== "nearest")]
                  : target.approaches
                ).map((a) => (
                  <option key={a} value={a}>
                    {a.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      <div class="send-row">
        <button type="submit" class="send" disabled={busy || !ready || !("call" in ready)}>
          {busy ? `Assistant ${letter} is replying…` : "Send"}
        </button>
        {ready && "missing" in ready && <span class="hint">To send: {ready.missing}.</span>}
        {!draft && <span class="hint">Choose an action (or “Just talk”).</span>}
        <button type="button" class="give-up" disabled={busy} onClick={onGiveUp}>
          Leave the store
        </button>
      </div>
    </form>
  );
}
