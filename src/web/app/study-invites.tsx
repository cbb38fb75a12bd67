import { useState } from "preact/hooks";
import type { InviteChange, ParticipantOverview, StudyOverview } from "../study-api-types.js";
import { message, postJson } from "./api.js";
import { participantsTable, profileText, stamp } from "./study-tables.js";
import { TableDownloads } from "./table-download.js";

type Action = "revoke" | "reissue";

const CONFIRM: Record<Action, (code: string) => string> = {
  revoke: (code) =>
    `Revoke ${code}'s invite? Their link stops working at once (an interaction in play stops; what they did is kept). You can reissue a new link later.`,
  reissue: (code) =>
    `Give ${code} a new invite link? The link they hold stops working at once (an interaction in play starts again from its beginning with the new link).`,
};

/** Copies a text to the clipboard where the browser allows it (a secure context). */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  if (!navigator.clipboard) return null;
  return (
    <button
      type="button"
      class="small"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

/** A participant's invite: the link (or when it was revoked), and revoke / reissue with a confirmation step. */
function InviteCell({
  study,
  p,
  onChanged,
}: {
  study: string;
  p: ParticipantOverview;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState<Action>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const link = p.invite ? `${location.origin}${p.invite}` : undefined;
  const act = async (action: Action) => {
    setBusy(true);
    setError(undefined);
    try {
      const path = `/api/admin/studies/${encodeURIComponent(study)}/participants/${encodeURIComponent(p.code)}/${action}`;
      await postJson<InviteChange>(path, {});
      setAsking(undefined);
      onChanged();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="invite">
      {link ? (
        <>
          <code class="link">{link}</code> <CopyButton text={link} />
        </>
      ) : (
        <span class="revoked">revoked {stamp(p.revokedAt)}</span>
      )}
      {p.replaced > 0 && p.invite && <span class="sub"> (reissued {stamp(p.issuedAt)})</span>}
      {asking ? (
        <div class="confirm" role="alertdialog">
          <p>{CONFIRM[asking](p.code)}</p>
          <button
            type="button"
            class={`danger ${asking}-confirm`}
            disabled={busy}
            onClick={() => void act(asking)}
          >
            {busy ? "…" : asking === "revoke" ? "Revoke" : "Reissue"}
          </button>{" "}
          <button type="button" class="small" disabled={busy} onClick={() => setAsking(undefined)}>
            Cancel
          </button>
        </div>
      ) : (
        <div class="invite-actions">
          {p.invite && (
            <button type="button" class="small revoke" onClick={() => setAsking("revoke")}>
              Revoke
            </button>
          )}{" "}
          <button type="button" class="small reissue" onClick={() => setAsking("reissue")}>
            {p.invite ? "Reissue" : "Issue a new link"}
          </button>
        </div>
      )}
      {error && <p class="error">{error}</p>}
    </div>
  );
}

/** The study's participants: invite (with revoke and reissue), stage, progress, timings and profile. */
export function ParticipantsSection({ study, onChanged }: { study: StudyOverview; onChanged: () => void }) {
  return (
    <section class="card">
      <div class="section-head">
        <h2>Participants</h2>
        <TableDownloads name={`study-${study.id}-participants`} table={() => participantsTable(study)} />
      </div>
      <div class="scroll">
        <table class="grid participants-table">
          <thead>
            <tr>
              <th>Participant</th>
              <th>Invite link (send it to this participant only)</th>
              <th>Stage</th>
              <th class="num">Done</th>
              <th>Started</th>
              <th>Last activity</th>
              <th>Profile</th>
            </tr>
          </thead>
          <tbody>
            {study.participants.map((p) => (
              <tr key={p.code} data-code={p.code}>
                <td>
                  <b>{p.code}</b>
                  <div class="sub">{p.tasks.join(", ")}</div>
                </td>
                <td>
                  <InviteCell study={study.id} p={p} onChanged={onChanged} />
                </td>
                <td>{p.stage}</td>
                <td class="num">
                  {p.done}/{p.total}
                </td>
                <td class="when">{stamp(p.startedAt)}</td>
                <td class="when">{stamp(p.lastActivityAt)}</td>
                <td class="profile">{profileText(p.profile) || <span class="sub">not given yet</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
