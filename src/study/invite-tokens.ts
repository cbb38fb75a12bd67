import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Study, StudyParticipant } from "./study-spec.js";
import { StudyStateError } from "./study-state-error.js";

/** Why an interaction's episode stopped when the organiser withdrew the invite it was played with. */
export const STOPPED_BY_ORGANISER = "stopped: the organiser withdrew the participant's invite";

/** A new invite token: 32 random bytes, base64url (43 characters). */
export const newInviteToken = (): string => randomBytes(32).toString("base64url");

/** The digest an invite token is remembered by once withdrawn (the token itself is not kept). */
export const tokenDigest = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Tokens compared in constant time (a token guessed byte by byte would otherwise leak through timing). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What an invite token opens: a participant's study, or nothing any more (withdrawn by the organiser). */
export type InviteLookup =
  | { kind: "active"; study: Study; participant: StudyParticipant }
  | { kind: "withdrawn"; study: Study; participant: StudyParticipant };

/** Whether a participant's current token opens their study. */
export const isActive = (p: StudyParticipant): boolean => p.revokedAt === undefined;

/**
 * What `token` opens among `studies`: the participant whose current token it is (withdrawn when the
 * organiser revoked it), or whose earlier token it was (replaced); undefined for any other token.
 */
export function lookupInvite(studies: readonly Study[], token: string): InviteLookup | undefined {
  for (const study of studies)
    for (const participant of study.participants)
      if (sameToken(participant.token, token))
        return { kind: isActive(participant) ? "active" : "withdrawn", study, participant };
  const digest = tokenDigest(token);
  for (const study of studies)
    for (const participant of study.participants)
      if (participant.withdrawn?.includes(digest)) return { kind: "withdrawn", study, participant };
  return undefined;
}

function participantIndex(study: Study, code: string): number {
  const i = study.participants.findIndex((p) => p.code === code);
  if (i < 0)
    throw new StudyStateError(
      `study ${study.id} has no participant '${code}' (its participants: ${study.participants.map((p) => p.code).join(", ")})`,
      404,
    );
  return i;
}

const withParticipant = (study: Study, i: number, p: StudyParticipant): Study => ({
  ...study,
  participants: study.participants.map((q, k) => (k === i ? p : q)),
});

/** The study with `code`'s invite revoked at `at`: their link opens nothing until a new one is issued. */
export function revokeInvite(study: Study, code: string, at: string): Study {
  const i = participantIndex(study, code);
  const p = study.participants[i]!;
  if (!isActive(p))
    throw new StudyStateError(
      `${code}'s invite was revoked already (at ${p.revokedAt}); reissue gives them a new one`,
      409,
    );
  return withParticipant(study, i, { ...p, revokedAt: at });
}

/**
 * The study with `code` given a new invite `token` at `at`: the token they held (revoked or not) is
 * remembered only by its digest, so its link is told it was replaced and opens nothing.
 */
export function reissueInvite(study: Study, code: string, token: string, at: string): Study {
  const i = participantIndex(study, code);
  const { revokedAt: _, ...p } = study.participants[i]!;
  if (sameToken(p.token, token)) throw new StudyStateError("a reissued invite needs a new token", 409);
  return withParticipant(study, i, {
    ...p,
    token,
    issuedAt: at,
    withdrawn: [...(p.withdrawn ?? []), tokenDigest(p.token)],
  });
}
