import type { ComponentChildren } from "preact";
import { INTERACTION_STATES, type InteractionState } from "../study-api-types.js";
import { STATE_TEXT } from "./study-tables.js";

/** A study's progress: a meter of the interactions done, a chip per other state that has some, then `children`. */
export function StudyProgress(props: {
  counts: Record<InteractionState, number>;
  total: number;
  children?: ComponentChildren;
}) {
  const { counts, total } = props;
  return (
    <div class="study-progress">
      <meter min={0} max={total} value={counts.done} />
      <span>
        <b>
          {counts.done} of {total}
        </b>{" "}
        interactions done
      </span>
      {INTERACTION_STATES.filter((st) => st !== "done" && counts[st] > 0).map((st) => (
        <span key={st} class={`state state-${st}`}>
          {counts[st]} {STATE_TEXT[st]}
        </span>
      ))}
      {props.children}
    </div>
  );
}
