import { describe, expect, it } from "vitest";
import { createStudy } from "./create-study.js";
import { isActive, lookupInvite, reissueInvite, revokeInvite, tokenDigest } from "./invite-tokens.js";
import { Study } from "./study-spec.js";
import { StudyStateError } from "./study-state-error.js";

const token = (code: string) => `${code}-token`.padEnd(40, "x");
const study = createStudy({
  id: "pilot",
  assistants: ["reference"],
  tasks: ["sm-01.1", "sm-01.2"],
  participants: ["P1", "P2"],
  token,
});
const T0 = "2025-03-04T09:00:00.000Z";
const T1 = "2025-03-04T10:00:00.000Z";
const NEW = "n".repeat(43);

describe("invite tokens: revoke and reissue", () => {
  it("finds the participant an active token belongs to, and nothing for any other token", () => {
    expect(lookupInvite([study], token("P2"))).toMatchObject({
      kind: "active",
      participant: { code: "P2" },
    });
    expect(lookupInvite([study], "z".repeat(40))).toBeUndefined();
  });

  it("a revoked token is withdrawn (its owner is still known, to tell them so), and stays stored valid", () => {
    const revoked = revokeInvite(study, "P1", T0);
    expect(Study.parse(revoked)).toEqual(revoked);
    expect(revoked.participants[0]).toMatchObject({ token: token("P1"), revokedAt: T0 });
    expect(isActive(revoked.participants[0]!)).toBe(false);
    expect(lookupInvite([revoked], token("P1"))).toMatchObject({
      kind: "withdrawn",
      participant: { code: "P1" },
    });
    // The other participant is untouched; the original study is not changed in place.
    expect(lookupInvite([revoked], token("P2"))?.kind).toBe("active");
    expect(study.participants[0]!.revokedAt).toBeUndefined();
  });

  it("refuses to revoke twice (409) or a participant the study does not have (404)", () => {
    const revoked = revokeInvite(study, "P1", T0);
    expect(() => revokeInvite(revoked, "P1", T1)).toThrow(/revoked already/);
    try {
      revokeInvite(study, "P9", T0);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(StudyStateError);
      expect((err as StudyStateError).status).toBe(404);
      expect((err as Error).message).toContain("its participants: P1, P2");
    }
  });

  it("reissuing gives a new active token and keeps only the old one's digest: the old link is told it was replaced", () => {
    const reissued = reissueInvite(revokeInvite(study, "P1", T0), "P1", NEW, T1);
    const p = reissued.participants[0]!;
    expect(p).toMatchObject({ token: NEW, issuedAt: T1, withdrawn: [tokenDigest(token("P1"))] });
    expect(p.revokedAt).toBeUndefined();
    expect(JSON.stringify(reissued)).not.toContain(token("P1"));
    expect(lookupInvite([reissued], NEW)?.kind).toBe("active");
    expect(lookupInvite([reissued], token("P1"))).toMatchObject({
      kind: "withdrawn",
      participant: { code: "P1" },
    });
    // An active invite can be reissued too (a link sent to the wrong person); each old one is remembered.
    const again = reissueInvite(reissued, "P1", "m".repeat(43), T1);
    expect(again.participants[0]!.withdrawn).toHaveLength(2);
    expect(lookupInvite([again], NEW)?.kind).toBe("withdrawn");
    expect(() => reissueInvite(again, "P1", "m".repeat(43), T1)).toThrow(/new token/);
  });
});
