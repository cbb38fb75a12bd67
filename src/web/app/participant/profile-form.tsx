import { useState } from "preact/hooks";
import { AgeGroup, Gender, Household } from "../../../core/profile-vocabulary.js";
import type { ParticipantProfile } from "../../../study/study-spec.js";

const FREQUENCY = ["daily", "weekly", "monthly", "rarely"] as const;
const words = (s: string) => s.replaceAll("-", " ");

/** A labelled choice among a vocabulary's words (shown with spaces for dashes). */
function Choice<T extends string>({
  label,
  value,
  options,
  set,
}: {
  label: string;
  value: T;
  options: readonly T[];
  set: (v: T) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => set(e.currentTarget.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {words(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The user profile a participant fills in before the tasks (kept under their coded id). */
export function ProfileForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (p: ParticipantProfile) => void;
}) {
  const [p, setP] = useState<ParticipantProfile>({
    ageGroup: "25-34",
    gender: "prefer-not-to-say",
    household: "lives-alone",
    occupation: "",
    shoppingFrequency: "weekly",
    aiFamiliarity: 3,
    preferences: "",
  });
  const set = (patch: Partial<ParticipantProfile>) => setP({ ...p, ...patch });
  return (
    <form
      class="profile card"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(p);
      }}
    >
      <h2>About you</h2>
      <p class="sub">
        Before shopping, tell us a little about yourself. This stays with your coded participant id; no name
        or contact is asked.
      </p>
      <Choice
        label="Age group"
        value={p.ageGroup}
        options={AgeGroup.options}
        set={(v) => set({ ageGroup: v })}
      />
      <Choice
        label="Gender"
        value={p.gender}
        options={[...Gender.options, "prefer-not-to-say" as const]}
        set={(v) => set({ gender: v })}
      />
      <Choice
        label="Household"
        value={p.household}
        options={Household.options}
        set={(v) => set({ household: v })}
      />
      <label>
        Occupation
        <input
          required
          maxLength={80}
          value={p.occupation}
          onInput={(e) => set({ occupation: e.currentTarget.value })}
        />
      </label>
      <Choice
        label="How often do you shop for groceries?"
        value={p.shoppingFrequency}
        options={FREQUENCY}
        set={(v) => set({ shoppingFrequency: v })}
      />
      <label>
        How familiar are you with AI assistants? (1 never used – 5 daily)
        <input
          type="range"
          min={1}
          max={5}
          value={p.aiFamiliarity}
          onInput={(e) => set({ aiFamiliarity: Number(e.currentTarget.value) })}
        />
        <b>{p.aiFamiliarity}</b>
      </label>
      <label>
        Diet, allergies, brands you like or avoid (optional)
        <textarea
          rows={2}
          maxLength={300}
          value={p.preferences}
          onInput={(e) => set({ preferences: e.currentTarget.value })}
        />
      </label>
      <button type="submit" class="send" disabled={busy || !p.occupation.trim()}>
        Continue
      </button>
    </form>
  );
}
