import { z } from "zod";
import type { ShopperOutput } from "../agents/types.js";
import type { ParticipantBriefing, ParticipantState } from "./participant-view.js";
import type { ParticipantProfile, QuestionnaireAnswers } from "./study-spec.js";

/** The participant API, as the page and simulated participants use it (one invite's view of the study). */
export interface ParticipantClient {
  state(): Promise<ParticipantState>;
  profile(profile: ParticipantProfile): Promise<ParticipantState>;
  start(index: number): Promise<ParticipantState>;
  act(turn: number, output: ShopperOutput): Promise<ParticipantState>;
  answer(index: number, answers: QuestionnaireAnswers): Promise<ParticipantState>;
  /** The outstanding turn's annotated view (PNG), or undefined. */
  view(): Promise<Buffer | undefined>;
  /** The current interaction's task and persona: what a simulated participant plays (organiser token). */
  briefing(): Promise<ParticipantBriefing>;
}

const Invite = z
  .string()
  .url()
  .transform((s) => new URL(s))
  .refine((u) => /^#\/p\/[A-Za-z0-9_-]{32,100}$/.test(u.hash), "an invite link ending in #/p/TOKEN");

/**
 * A participant client over HTTP, from an invite link (`http://host:port/#/p/TOKEN`); `adminToken`
 * (the organiser's) is needed only for `briefing`, which a simulated participant reads.
 */
export function httpParticipant(
  invite: string,
  opts: { adminToken?: string; fetcher?: typeof fetch } = {},
): ParticipantClient {
  const fetcher = opts.fetcher ?? fetch;
  const parsed = Invite.safeParse(invite);
  if (!parsed.success) throw new Error(`invite link '${invite}': not an invite link (…/#/p/TOKEN)`);
  const url = parsed.data;
  const base = `${url.origin}/api/p/${url.hash.slice("#/p/".length)}`;
  const call = async <T = ParticipantState>(path: string, body?: unknown, admin = false): Promise<T> => {
    const res = await fetcher(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(admin && opts.adminToken ? { Authorization: `Bearer ${opts.adminToken}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as { error?: string };
    if (!res.ok) throw new Error(`${path || "/"}: ${json.error ?? `${res.status} ${res.statusText}`}`);
    return json as T;
  };
  return {
    state: () => call(""),
    profile: (profile) => call("/profile", profile),
    start: (index) => call("/start", { index }),
    act: (turn, output) => call("/act", { turn, output }),
    answer: (index, answers) => call("/answers", { index, answers }),
    view: async () => {
      const res = await fetcher(`${base}/view.png`);
      return res.ok ? Buffer.from(await res.arrayBuffer()) : undefined;
    },
    briefing: () => call<ParticipantBriefing>("/briefing", undefined, true),
  };
}
