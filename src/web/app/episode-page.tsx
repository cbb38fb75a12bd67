import type { EpisodeView } from "../api-types.js";
import { useJson } from "./api.js";
import { ConversationView } from "./conversation-view.js";
import { Replay } from "./replay.js";

/** A stored episode: a SituRecBench replay, turn by turn, or a CustomerSim conversation. */
export function EpisodePage(props: { run: string; env: string; task: string; turn: number }) {
  const { run, env, task } = props;
  const e = encodeURIComponent;
  const url = `/api/runs/${e(run)}/episodes/${e(env)}/${e(task)}`;
  const { data, error } = useJson<EpisodeView>(url);
  if (error)
    return (
      <p class="error">
        Could not load {`${env}/${task}`}: {error}
      </p>
    );
  if (!data) return <p class="loading">Loading {`${env}/${task}`}…</p>;
  if (data.kind === "customersim") return <ConversationView conversation={data} run={run} />;
  return <Replay run={run} replay={data} turn={props.turn} />;
}
