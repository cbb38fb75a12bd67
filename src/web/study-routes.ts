import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { shortMessage } from "../core/errors.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { createStudy } from "../study/create-study.js";
import { type StudyRuntime, StudyStateError } from "../study/study-runtime.js";
import {
  ParticipantAct,
  ParticipantProfile,
  type ParticipantRecord,
  QuestionnaireAnswers,
  type Study,
  StudyId,
} from "../study/study-spec.js";
import type { StudySummary } from "./api-types.js";

const Token = z.string().regex(/^[A-Za-z0-9_-]{32,100}$/, "an invite token");
const Index = z.object({ index: z.number().int().nonnegative() }).strict();
const Answers = z.object({ index: z.number().int().nonnegative(), answers: QuestionnaireAnswers }).strict();
const NewStudy = z
  .object({
    id: StudyId,
    assistants: z.array(z.string().min(1).max(200)).min(1).max(26),
    tasks: z.array(z.string().min(1)).min(1).optional(),
    sample: z.number().int().min(1).max(100).optional(),
    seed: z.number().int().optional(),
    participants: z.array(z.string()).min(1).max(200).optional(),
    condition: z.enum(["full", "no-evv", "no-evv-caption"]).optional(),
    maxTurns: z.number().int().min(1).max(100).optional(),
  })
  .strict();

export function invitePath(token: string): string {
  return `/#/p/${token}`;
}

export interface StudyRoutes {
  runtime: () => StudyRuntime;
  adminToken: string;
}

export const ADMIN_COOKIE = "siturec_admin";

/**
 * Whether a request carries the admin token: `Authorization: Bearer TOKEN`, or the cookie an
 * organiser's browser got from the admin link (images and charts are fetched without headers).
 * Compared in constant time.
 */
export function isAdmin(c: Context, adminToken: string): boolean {
  const bearer = c.req.header("Authorization")?.replace(/^Bearer\s+/i, "");
  const given = bearer ?? getCookie(c, ADMIN_COOKIE) ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(adminToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T | { error: string }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { error: "the body is not JSON" };
  }
  const r = schema.safeParse(raw);
  return r.success ? r.data : { error: formatZodIssues(r.error) };
}

const failed = (v: unknown): v is { error: string } =>
  typeof v === "object" && v !== null && "error" in v && Object.keys(v).length === 1;

/** Errors of the study's state as 4xx with their message; anything else propagates (a 500). */
async function answer(c: Context, work: () => Promise<unknown>) {
  try {
    c.header("Cache-Control", "no-store");
    return c.json((await work()) as object);
  } catch (err) {
    if (err instanceof StudyStateError) return c.json({ error: err.message }, err.status);
    throw err;
  }
}

/**
 * The human-evaluation API. Participants reach only their own record, by the invite token in the
 * path; organisers (studies, invites, progress) need the admin token printed when the server starts.
 */
export function addStudyRoutes(app: Hono, routes: StudyRoutes): void {
  const token = (c: Context) => Token.safeParse(c.req.param("token"));
  const participant = (handler: (c: Context, token: string) => Promise<Response>) => async (c: Context) => {
    const t = token(c);
    if (!t.success)
      return c.json({ error: "this invite link is not valid (ask the organiser for yours)" }, 404);
    return handler(c, t.data);
  };

  app.get(
    "/api/p/:token",
    participant((c, t) => answer(c, () => routes.runtime().state(t))),
  );
  /** A participant's POST: the body validated (a 400 names the field), then the change made. */
  const change = <T>(
    path: string,
    schema: z.ZodType<T>,
    work: (runtime: StudyRuntime, token: string, b: T) => Promise<unknown>,
  ) =>
    app.post(
      `/api/p/:token/${path}`,
      participant(async (c, t) => {
        const b = await body(c, schema);
        if (failed(b)) return c.json(b, 400);
        return answer(c, () => work(routes.runtime(), t, b));
      }),
    );
  change("profile", ParticipantProfile, (r, t, b) => r.saveProfile(t, b));
  change("start", Index, (r, t, b) => r.start(t, b.index));
  change("act", ParticipantAct, (r, t, b) => r.act(t, b.turn, b.output));
  change("answers", Answers, (r, t, b) => r.answer(t, b.index, b.answers));
  for (const which of ["view", "minimap"] as const)
    app.get(
      `/api/p/:token/${which}.png`,
      participant(async (c, t) => {
        try {
          const png = await routes.runtime().picture(t, which);
          if (!png?.length) return c.json({ error: `no ${which} now` }, 404);
          return c.body(new Uint8Array(png), 200, {
            "Content-Type": "image/png",
            "Cache-Control": "no-store",
          });
        } catch (err) {
          if (err instanceof StudyStateError) return c.json({ error: err.message }, err.status);
          throw err;
        }
      }),
    );

  const admin = (handler: (c: Context) => Promise<Response>) => async (c: Context) =>
    isAdmin(c, routes.adminToken)
      ? handler(c)
      : c.json(
          { error: "this needs the admin token that 'siturec serve' printed (Authorization: Bearer TOKEN)" },
          401,
        );

  // A simulated participant's task and persona: the organiser's, never a person's page.
  app.get(
    "/api/p/:token/briefing",
    admin(participant((c, t) => answer(c, () => routes.runtime().briefing(t)))),
  );
  // The admin link's page trades the token for a cookie (HttpOnly, this site only).
  app.post(
    "/api/admin/session",
    admin(async (c) => {
      setCookie(c, ADMIN_COOKIE, routes.adminToken, { httpOnly: true, sameSite: "Strict", path: "/" });
      return c.json({ ok: true });
    }),
  );
  app.get(
    "/api/admin/studies",
    admin(async (c) => {
      const runtime = routes.runtime();
      const studies = await runtime.studies.list();
      c.header("Cache-Control", "no-store");
      return c.json(await Promise.all(studies.map((s) => summary(runtime, s))));
    }),
  );
  app.post(
    "/api/admin/studies",
    admin(async (c) => {
      const b = await body(c, NewStudy);
      if (failed(b)) return c.json(b, 400);
      const runtime = routes.runtime();
      let study: Study;
      try {
        study = createStudy(b);
        await runtime.studies.create(study);
      } catch (err) {
        const error = err instanceof z.ZodError ? formatZodIssues(err, { max: 3 }) : shortMessage(err);
        return c.json({ error }, 400);
      }
      return c.json(await summary(runtime, study), 201);
    }),
  );
}

/** Why each participant's interaction at hand last failed, from its run's error episode. */
async function failures(
  runtime: StudyRuntime,
  records: ParticipantRecord[],
): Promise<(string | undefined)[]> {
  return Promise.all(
    records.map(async (r) => {
      const current = r.interactions.find((x) => x.status !== "done");
      if (!current) return undefined;
      const rows = await runtime.studies.runs.episodes(current.run).catch(() => []);
      return rows.find((e) => e.taskId === current.task && e.status === "error")?.error ?? undefined;
    }),
  );
}

export async function summary(runtime: StudyRuntime, study: Study): Promise<StudySummary> {
  const records = await runtime.studies.records(study);
  const failed = await failures(runtime, records);
  return {
    id: study.id,
    env: study.env,
    assistants: study.assistants,
    tasks: study.tasks,
    participants: study.participants.map((p, i) => {
      const r = records[i]!;
      const done = r.interactions.filter((x) => x.status === "done").length;
      const current = r.interactions.find((x) => x.status !== "done");
      return {
        code: p.code,
        invite: invitePath(p.token),
        tasks: p.tasks,
        done,
        total: r.interactions.length,
        stage: !r.profile ? "profile" : (current?.status ?? "finished"),
        ...(failed[i] ? { failed: failed[i] } : {}),
      };
    }),
  };
}
