import type {
  MessageView,
  ModelCallView,
  PartView,
  RoleCallsView,
  ToolCallView,
  TurnCallsView,
} from "../model-call-types.js";
import { imageUrl } from "./api.js";
import { usd } from "./format.js";
import { useLazyJson } from "./use-lazy-json.js";
import "./model-calls.css";

const n = (v: number) => v.toLocaleString("en-US");

/** `GET …/calls/N`: a turn's model calls (N from 1). */
export function callsUrl(run: string, env: string, task: string, turn: number): string {
  const e = encodeURIComponent;
  return `/api/runs/${e(run)}/episodes/${e(env)}/${e(task)}/calls/${turn}`;
}

/**
 * A turn's model calls, closed until opened (then loaded, that turn's only, so stepping through turns
 * stays fast): per role and call the model, tokens (uncached, cached, output), latency, cost, cache
 * hit, attempts and warnings; the system prompt, each message sent (images as thumbnails), the output
 * schema and the raw reply. `open` is the page's, so the panel stays open from turn to turn.
 */
export function ModelCallsPanel(props: {
  url: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Drawn small, under one message (a CustomerSim round) rather than as a panel of its own. */
  compact?: boolean;
}) {
  const { data, error } = useLazyJson<TurnCallsView>(props.url, props.open);
  const count = data?.roles.reduce((s, r) => s + r.calls.length, 0);
  const unit = props.compact ? "round" : "turn";
  return (
    <details
      class={props.compact ? "model-calls compact" : "panel model-calls"}
      data-loaded-turn={data?.turn}
      open={props.open}
      onToggle={(e) => props.onToggle((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <h2>Model calls</h2>{" "}
        <span class="sub">
          {count !== undefined
            ? `${count} this ${unit}: ${data!.roles.map((r) => `${r.role} ${r.calls.length}`).join(", ")}`
            : `each role's requests, raw replies, tokens and cost this ${unit}`}
        </span>
      </summary>
      {props.open && !data && !error && <p class="loading">Loading the model calls…</p>}
      {error && (
        <p class="sub" data-testid="no-calls">
          {error}. Built-in agents make no model calls; runs made before calls were stored with the run have
          none either.
        </p>
      )}
      {data?.roles.map((r) => (
        <RoleCalls key={r.role} role={r} />
      ))}
    </details>
  );
}

function RoleCalls({ role: r }: { role: RoleCallsView }) {
  return (
    <section class="role-calls" data-role={r.role}>
      <h3>
        {r.role}
        {r.repaired && <span class="flag warn">repaired</span>}
        {r.formatError !== undefined && <span class="flag bad">format error: fallback used</span>}
        {r.fencedJson && <span class="flag warn">JSON taken out of a fence or prose</span>}
      </h3>
      {r.formatError !== undefined && <p class="bad">format error: {r.formatError}</p>}
      {r.formatWarnings?.map((w) => (
        <p key={w} class="sub warn-text">
          fixed: {w}
        </p>
      ))}
      {r.invalidTools?.length ? (
        <p class="sub warn-text">unknown tools named: {r.invalidTools.join(", ")}</p>
      ) : null}
      {r.calls.map((c, i) => (
        <CallView key={i} call={c} index={i} unusable={r.calls[i + 1]?.repair === true} />
      ))}
    </section>
  );
}

function UsageLine({ call: c }: { call: ModelCallView }) {
  const u = c.usage;
  return (
    <p class="usage">
      <b>{c.model}</b>
      {c.repair && <span class="flag warn">repair request</span>} · in {n(u.inputTokens)} tokens (
      {n(u.uncachedInputTokens)} uncached, {n(u.cachedInputTokens)} cached
      {u.cacheWriteTokens ? `, ${n(u.cacheWriteTokens)} cache writes` : ""}) · out {n(u.outputTokens)} ·{" "}
      {n(u.latencyMs)} ms · {usd(u.costUsd)} ·{" "}
      {u.cached ? "from the response cache" : `${u.attempts} attempt${u.attempts === 1 ? "" : "s"}`}
    </p>
  );
}

function CallView({ call: c, index, unusable }: { call: ModelCallView; index: number; unusable: boolean }) {
  const sampling = Object.entries(c.sampling);
  return (
    <div class={`call ${c.repair ? "repair" : ""}`} data-testid="model-call">
      <UsageLine call={c} />
      {c.providerWarnings.map((w) => (
        <p key={w} class="sub warn-text">
          provider: {w}
        </p>
      ))}
      <p class="sub">
        call {index + 1}
        {c.output && ` · output ${c.output.name}`}
        {c.tools && ` · tools (${c.tools.choice})`}
        {sampling.length > 0 && ` · ${sampling.map(([k, v]) => `${k} ${v}`).join(", ")}`}
      </p>
      {c.system !== null && (
        <Folded title="system prompt" note={`${n(c.system.length)} characters`} text={c.system} />
      )}
      {c.messages.map((m, i) => (
        <Message key={i} message={m} />
      ))}
      {c.output && (
        <Folded title={`output schema ${c.output.name}`} note="JSON Schema" text={c.output.schema} />
      )}
      {c.tools && <Folded title="tools" note={`choice ${c.tools.choice}`} text={c.tools.specs} />}
      <div class="reply">
        <b>raw reply</b>
        <pre class="raw-reply">{c.reply.text || "(no text)"}</pre>
        {c.reply.toolCalls.length > 0 && <ToolCalls calls={c.reply.toolCalls} />}
        {unusable && (
          <p class="sub warn-text">
            This reply could not be used: the repair request below quotes why (its last message).
          </p>
        )}
      </div>
    </div>
  );
}

/** A long text under a summary line, drawn only when opened. */
function Folded({ title, note, text }: { title: string; note: string; text: string }) {
  return (
    <details class="folded">
      <summary>
        {title} <span class="sub">{note}</span>
      </summary>
      <pre>{text}</pre>
    </details>
  );
}

function ToolCalls({ calls }: { calls: ToolCallView[] }) {
  return (
    <ul class="tool-calls">
      {calls.map((t) => (
        <li key={t.id}>
          <code>
            {t.name}({typeof t.input === "string" ? t.input : JSON.stringify(t.input)})
          </code>
          {t.error && <span class="bad"> {t.error}</span>}
        </li>
      ))}
    </ul>
  );
}

function Message({ message: m }: { message: MessageView }) {
  if (m.role === "tool")
    return (
      <details class="message tool">
        <summary>tool results ({m.results.length})</summary>
        {m.results.map((r) => (
          <pre key={r.id} class={r.isError ? "bad" : ""}>
            {r.name}: {r.output}
          </pre>
        ))}
      </details>
    );
  const images = m.parts.filter((p) => p.type === "image").length;
  const chars = m.parts.reduce((s, p) => s + (p.type === "text" ? p.text.length : 0), 0);
  return (
    <details class={`message ${m.role}`}>
      <summary>
        {m.role} message{" "}
        <span class="sub">
          {n(chars)} characters{images ? `, ${images} image${images === 1 ? "" : "s"}` : ""}
        </span>
      </summary>
      <Parts parts={m.parts} />
      {m.toolCalls && <ToolCalls calls={m.toolCalls} />}
    </details>
  );
}

function Parts({ parts }: { parts: PartView[] }) {
  return (
    <div class="parts">
      {parts.map((p, i) =>
        p.type === "text" ? (
          <pre key={i}>{p.text}</pre>
        ) : (
          <a key={i} href={imageUrl(p.image)} target="_blank" rel="noreferrer" title={p.image}>
            <img
              class="thumb"
              src={imageUrl(p.image)}
              alt={`sent to the model (${p.mediaType})`}
              loading="lazy"
            />
          </a>
        ),
      )}
    </div>
  );
}

/** The whole turn as JSON: the trajectory's record and, when the run kept them, its model calls. */
export function RawTurnJson(props: {
  record: unknown;
  url: string;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { data, error } = useLazyJson<TurnCallsView>(props.url, props.open);
  const settled = data !== undefined || error !== undefined;
  return (
    <details
      class="panel raw-json"
      open={props.open}
      onToggle={(e) => props.onToggle((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <h2>Raw JSON</h2> <span class="sub">this turn's record and its model calls</span>
      </summary>
      {props.open && settled && (
        <pre data-testid="raw-json">
          {JSON.stringify({ turn: props.record, calls: data ?? null }, null, 2)}
        </pre>
      )}
    </details>
  );
}
