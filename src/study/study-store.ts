import { timingSafeEqual } from "node:crypto";
import type { RunStore } from "../storage/run-store.js";
import { newRecord } from "./create-study.js";
import { ParticipantRecord, Study, type StudyParticipant } from "./study-spec.js";

/** The run store record kind a study is kept under. */
export const STUDY_RECORDS = "study";
const STUDY = STUDY_RECORDS;
const PARTICIPANT = "study-participant";

/** Tokens compared in constant time (a token guessed byte by byte would otherwise leak through timing). */
function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Studies and their participants' records, kept as records of the run store (beside the runs they make). */
export class StudyStore {
  private invites: { study: Study; participant: StudyParticipant }[] | undefined;

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
   * The study and participant an invite token belongs to, if any. Every participant request asks, so
   * the studies are read once and again only for a token not seen (a study made since): a study never
   * changes once made.
   */
  async byToken(token: string): Promise<{ study: Study; participant: StudyParticipant } | undefined> {
    const find = () => this.invites?.find((i) => sameToken(i.participant.token, token));
    if (!find()) {
      this.invites = (await this.list()).flatMap((study) =>
        study.participants.map((participant) => ({ study, participant })),
      );
    }
    return find();
  }

  /** A participant's record (a fresh one before they start). */
  async record(study: Study, p: StudyParticipant): Promise<ParticipantRecord> {
    const found = await this.runs.getRecord(PARTICIPANT, `${study.id}/${p.code}`);
    return found === undefined ? newRecord(study, p) : ParticipantRecord.parse(found);
  }

  async saveRecord(record: ParticipantRecord): Promise<void> {
    await this.runs.putRecord(PARTICIPANT, `${record.study}/${record.code}`, record);
  }

  /** Every participant's record of a study, in the study's participant order. */
  async records(study: Study): Promise<ParticipantRecord[]> {
    return Promise.all(study.participants.map((p) => this.record(study, p)));
  }
}
