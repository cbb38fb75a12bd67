import { useState } from "preact/hooks";
import { AgeGroup, Gender, Household } from "../../../core/profile-vocabulary.js";
import type { ParticipantProfile } from "../../../study/study-spec.js";

const FREQUENCY = ["daily", "weekly", "monthly", "rarely"] as const;
const words = (s: string) => s.replaceAll("-", " ");

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
      <label>
        Age group
        <select
          value={p.ageGroup}
          onChange={(e) => set({ ageGroup: e.currentTarget.value as ParticipantProfile["ageGroup"] })}
        >
          {AgeGroup.options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      </label>
      <label>
        Gender
        <select
          value={p.gender}
          onChange={(e) => set({ gender: e.currentTarget.value as ParticipantProfile["gender"] })}
        >
          {[...Gender.options, "prefer-not-to-say" as const].map((o) => (
            <option key={o} value={o}>
              {words(o)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Household
        <select
          value={p.household}
          onChange={(e) => set({ household: e.currentTarget.value as ParticipantProfile["household"] })}
        >
          {Household.options.map((o) => (
            <option key={o} value={o}>
              {words(o)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Occupation
        <input
          required
          maxLength={80}
          value={p.occupation}
          onInput={(e) => set({ occupation: e.currentTarget.value })}
        />
      </label>
      <label>
        How often do you shop for groceries?
        <select
          value={p.shoppingFrequency}
          onChange={(e) =>
            set({ shoppingFrequency: e.currentTarget.value as ParticipantProfile["shoppingFrequency"] })
          }
        >
          {FREQUENCY.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      </label>
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
