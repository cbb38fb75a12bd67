import type { RunStore } from "../storage/run-store.js";
import { newRecord } from "./create-study.js";
import { type InviteLookup, lookupInvite, reissueInvite, revokeInvite } from "./invite-tokens.js";
import { ParticipantRecord, Study, type StudyParticipant } from "./study-spec.js";
import { StudyStateError } from "./study-state-error.js";

/** The run store record kind a study is kept under. */
export const STUDY_RECORDS = "study";
const STUDY = STUDY_RECORDS;
const PARTICIPANT = "study-participant";

/** Studies and their participants' records, kept as records of the run store (beside the runs they make). */
export class StudyStore {
  private known: Study[] | undefined;
  private readonly changing = new Map<string, Promise<unknown>>();

  constructor(readonly runs: RunStore) {}

  async create(study: Study): Promise<void> {
    if (await this.runs.getRecord(STUDY, study.id))
      throw new Error(`a study named '${study.id}' exists already in ${this.runs.location}`);
    await this.runs.putRecord(STUDY, study.id, study);
  }

  async get(id: string): Promise<Study | undefined> {
    const found = await this.runs.getRecord(STUDY, id);
    return found === undefined ? undefined : Study.parse(found);
  }

  async list(): Promise<Study[]> {
    return (await this.runs.listRecords(STUDY)).map((r) => Study.parse(r.value));
  }

  /**
   * What an invite token opens: the participant whose token it is (active), or whose token it was
   * (withdrawn: revoked or replaced). Every participant request asks, so the studies are read once,
   * and again for a token not seen (a study made since); a token found is checked against its study
   * as stored now, so a revocation counts at once, made by this process or another.
   */
  async lookup(token: string): Promise<InviteLookup | undefined> {
    const cached = this.known && lookupInvite(this.known, token);
    if (cached) {
      const now = await this.get(cached.study.id);
      const found = now && lookupInvite([now], token);
      if (found) {
        this.known = this.known!.map((s) => (s.id === now.id ? now : s));
        return found;
      }
    }
    this.known = await this.list();
    return lookupInvite(this.known, token);
  }

  /** The study and participant an active invite token belongs to, if any. */
  async byToken(token: string): Promise<{ study: Study; participant: StudyParticipant } | undefined> {
    const found = await this.lookup(token);
    return found?.kind === "active" ? { study: found.study, participant: found.participant } : undefined;
  }

  /** Changes a stored study, one change at a time per study (in this process). */
  private change(id: string, edit: (study: Study) => Study): Promise<Study> {
    const work = async () => {
      const study = await this.get(id);
      if (!study) throw new StudyStateError(`no study '${id}' in ${this.runs.location}`, 404);
      const changed = Study.parse(edit(study));
      await this.runs.putRecord(STUDY, id, changed);
      this.known = undefined;
      return changed;
    };
    const next = (this.changing.get(id) ?? Promise.resolve()).then(work, work);
    this.changing.set(
      id,
      next.catch(() => {}),
    );
    return next;
  }

  /** Revokes a participant's invite (their link opens nothing until `reissue`). */
  revoke(id: string, code: string, at = new Date().toISOString()): Promise<Study> {
    return this.change(id, (study) => revokeInvite(study, code, at));
  }

  /** Gives a participant a new invite token; the one they held opens nothing from now on. */
  reissue(id: string, code: string, token: string, at = new Date().toISOString()): Promise<Study> {
    return this.change(id, (study) => reissueInvite(study, code, token, at));
  }

  /** A participant's record (a fresh one before they start). */
  async record(study: Study, p: StudyParticipant): Promise<ParticipantRecord> {
    const found = await this.runs.getRecord(PARTICIPANT, `${study.id}/${p.code}`);
    return found === undefined ? newRecord(study, p) : ParticipantRecord.parse(found);
  }

  /** Saves a participant's record (validated: a record that would not read back is never written). */
  async saveRecord(record: ParticipantRecord): Promise<void> {
    await this.runs.putRecord(PARTICIPANT, `${record.study}/${record.code}`, ParticipantRecord.parse(record));
  }

  /** Every participant's record of a study, in the study's participant order. */
  async records(study: Study): Promise<ParticipantRecord[]> {
    return Promise.all(study.participants.map((p) => this.record(study, p)));
  }
}
