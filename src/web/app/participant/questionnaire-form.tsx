import { useState } from "preact/hooks";
import type { ParticipantState } from "../../../study/participant-api.js";

type Answers = { ratings: Record<string, number>; comment: string };

/** The seven-question, five-point questionnaire after an interaction, each question with its guidance. */
export function QuestionnaireForm({
  state,
  busy,
  onSubmit,
}: {
  state: ParticipantState;
  busy: boolean;
  onSubmit: (answers: Answers) => void;
}) {
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [comment, setComment] = useState("");
  const { items, scale } = state.questionnaire;
  const i = state.interaction!;
  const complete = items.every((q) => ratings[q.dimension] !== undefined);
  return (
    <form
      class="questionnaire card"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) onSubmit({ ratings, comment: comment.trim() });
      }}
    >
      <h2>How was Assistant {i.letter}?</h2>
      <p class="sub">
        The interaction ended ({i.outcome?.reason.replaceAll("_", " ") ?? "ended"}, {i.outcome?.turns ?? 0}{" "}
        turns). Rate it from 1 to 5 on each question; the guidance under each says what the ends of the scale
        mean.
      </p>
      {items.map((q, k) => (
        <fieldset key={q.dimension} class="question">
          <legend>
            {k + 1}. {q.title}: {q.question}
          </legend>
          <p class="guidance">{q.guidance}</p>
          <div class="scale">
            {scale.map((word, v) => (
              <label key={word} class={ratings[q.dimension] === v + 1 ? "on" : ""}>
                <input
                  type="radio"
                  name={q.dimension}
                  value={v + 1}
                  checked={ratings[q.dimension] === v + 1}
                  onChange={() => setRatings({ ...ratings, [q.dimension]: v + 1 })}
                />
                <b>{v + 1}</b> {word}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <label class="comment">
        Anything else? (optional)
        <textarea
          rows={2}
          maxLength={1000}
          value={comment}
          onInput={(e) => setComment(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="send" disabled={busy || !complete}>
        {complete ? "Submit and continue" : `Answer all ${items.length} questions`}
      </button>
    </form>
  );
}
