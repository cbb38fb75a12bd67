import type { Context, Hono } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import { shortMessage } from "../core/errors.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { chartSvg } from "../eval/report/charts.js";
import { figure5Chart } from "../study/agreement/figure5-chart.js";
import { createStudy } from "../study/create-study.js";
import { studyExportLines } from "../study/study-export.js";
import type { StudyRuntime } from "../study/study-runtime.js";
import { ParticipantCode, type ParticipantRecord, type Study, StudyId } from "../study/study-spec.js";
import { StudyStateError } from "../study/study-state-error.js";
import { type AccessTokens, ADMIN_COOKIE, isAdmin, isViewer, viewerPath } from "./access-tokens.js";
import { studyAgreement } from "./study-agreement.js";
import type { InviteChange, StudyListItem } from "./study-api-types.js";
import { body, failed } from "./study-http.js";
import { type LiveFacts, participantOverview, studyOverview, studyResults } from "./study-overview.js";

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
const RunId = z.string().regex(/^[\w.:@+-]{1,200}$/, "a run id");
/** `?sim=A,B`: the simulated runs the agreement uses (absent: the default choice; empty: none). */
const SimQuery = z
  .string()
  .max(10_000)
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(z.array(RunId).max(50))
  .optional();

/** The organiser routes' needs: the study runtime and the server's two tokens. */
export interface StudyAdminRoutes extends AccessTokens {
  runtime: () => StudyRuntime;
}

/** A handler for the organiser only: the read-only token is a 403, none (or a wrong one) a 401. */
export const organiserOnly =
  (tokens: AccessTokens, handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    if (isAdmin(c, tokens.adminToken)) return handler(c);
    if (isViewer(c, tokens.viewerToken))
      return c.json(
        {
          error:
            "the read-only link opens the runs and the leaderboards, not the studies: this needs the organiser link",
        },
        403,
      );
    return c.json(
      { error: "this needs the admin token that 'siturec serve' printed (Authorization: Bearer TOKEN)" },
      401,
    );
  };

/** Why a participant's interaction at hand last failed, from its run's error episode (records that do not say). */
async function failures(
  runtime: StudyRuntime,
  study: Study,
  records: ParticipantRecord[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const r of records) {
    const current = r.interactions.find((x) => x.status !== "done");
    if (!current || current.failure !== undefined || current.outcome?.reason !== "error") continue;
    const rows = await runtime.studies.runs.episodes(current.run).catch(() => []);
    const error = rows.find(
      (e) => e.env === study.env && e.taskId === current.task && e.status === "error",
    )?.error;
    if (error) out.set(r.code, error);
  }
  return out;
}

async function liveFacts(
  runtime: StudyRuntime,
  study: Study,
  records: ParticipantRecord[],
): Promise<LiveFacts> {
  return { turns: runtime.liveTurns(study), failures: await failures(runtime, study, records) };
}

/** A study in the organiser's list: definition, counts by state, each participant's invite and progress. */
export async function summary(runtime: StudyRuntime, study: Study): Promise<StudyListItem> {
  const records = await runtime.studies.records(study);
  const o = studyOverview(study, records, await liveFacts(runtime, study, records));
  return {
    id: study.id,
    createdAt: study.createdAt,
    env: study.env,
    condition: study.condition,
    assistants: study.assistants,
    tasks: study.tasks,
    counts: o.counts,
    total: o.total,
    participants: o.participants.map((p) => {
      const current = p.interactions.find((i) => i.state !== "done");
      return {
        code: p.code,
        invite: p.invite,
        revokedAt: p.revokedAt,
        tasks: p.tasks,
        done: p.done,
        total: p.total,
        stage: p.stage,
        ...(current?.failure && current.state === "failed" ? { failed: current.failure } : {}),
      };
    }),
  };
}

/** The study a route names, or a 404 answer. */
async function studyOf(c: Context, runtime: StudyRuntime): Promise<Study | Response> {
  const id = StudyId.safeParse(c.req.param("id"));
  if (!id.success) return c.json({ error: "invalid study id" }, 400);
  const study = await runtime.studies.get(id.data);
  return study ?? c.json({ error: `no study '${id.data}'` }, 404);
}

/**
 * The organiser's routes (`/api/admin/…`, all behind the admin token): the session cookie, the
 * studies and a new one, one study's overview, revoking and reissuing invites, the exports, the
 * agreement with simulation and its chart, and the read-only link.
 */
export function addStudyAdminRoutes(app: Hono, routes: StudyAdminRoutes): void {
  const admin = (handler: (c: Context) => Promise<Response>) => organiserOnly(routes, handler);
  /** An organiser route about one study. */
  const study = (handler: (c: Context, s: Study, r: StudyRuntime) => Promise<Response>) =>
    admin(async (c) => {
      const runtime = routes.runtime();
      const found = await studyOf(c, runtime);
      if (found instanceof Response) return found;
      c.header("Cache-Control", "no-store");
      return handler(c, found, runtime);
    });

  // The admin link's page trades the token for a cookie (HttpOnly, this site only).
  app.post(
    "/api/admin/session",
    admin(async (c) => {
      setCookie(c, ADMIN_COOKIE, routes.adminToken, { httpOnly: true, sameSite: "Strict", path: "/" });
      return c.json({ ok: true });
    }),
  );
  app.get(
    "/api/admin/viewer-link",
    admin(async (c) => c.json({ path: viewerPath(routes.viewerToken) })),
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
      let made: Study;
      try {
        made = createStudy(b);
        await runtime.studies.create(made);
      } catch (err) {
        const error = err instanceof z.ZodError ? formatZodIssues(err, { max: 3 }) : shortMessage(err);
        return c.json({ error }, 400);
      }
      return c.json(await summary(runtime, made), 201);
    }),
  );
  app.get(
    "/api/admin/studies/:id",
    study(async (c, s, runtime) => {
      const records = await runtime.studies.records(s);
      return c.json(studyOverview(s, records, await liveFacts(runtime, s, records)));
    }),
  );
  for (const action of ["revoke", "reissue"] as const)
    app.post(
      `/api/admin/studies/:id/participants/:code/${action}`,
      study((c, s, r) => withdraw(c, s, r, action)),
    );
  addExportRoutes(app, study);
  addAgreementRoutes(app, study);
}

/** Revokes or reissues a participant's invite; answers the participant as changed. */
async function withdraw(c: Context, s: Study, runtime: StudyRuntime, action: "revoke" | "reissue") {
  const code = ParticipantCode.safeParse(c.req.param("code"));
  if (!code.success) return c.json({ error: "invalid participant code" }, 400);
  let changed: Study;
  try {
    changed = await runtime.withdraw(s.id, code.data, { reissue: action === "reissue" });
  } catch (err) {
    if (err instanceof StudyStateError) return c.json({ error: err.message }, err.status);
    throw err;
  }
  const k = changed.participants.findIndex((p) => p.code === code.data);
  const records = await runtime.studies.records(changed);
  const live = await liveFacts(runtime, changed, records);
  const answer: InviteChange = {
    participant: participantOverview(changed, changed.participants[k]!, records[k]!, live),
  };
  return c.json(answer);
}

type StudyRoute = (
  handler: (c: Context, s: Study, r: StudyRuntime) => Promise<Response>,
) => (c: Context) => Promise<Response>;

/** The study's results as one JSON document, and its rated interactions as `siturec study export` lines. */
function addExportRoutes(app: Hono, study: StudyRoute): void {
  app.get(
    "/api/admin/studies/:id/export.json",
    study(async (c, s, runtime) => {
      const records = await runtime.studies.records(s);
      const o = studyOverview(s, records, await liveFacts(runtime, s, records));
      c.header("Content-Disposition", `attachment; filename="study-${s.id}.json"`);
      return c.json(studyResults(o));
    }),
  );
  app.get(
    "/api/admin/studies/:id/export.jsonl",
    study(async (c, s, runtime) => {
      const lines = await studyExportLines(runtime.studies.runs, s, await runtime.studies.records(s));
      return c.body(lines.map((l) => `${JSON.stringify(l)}\n`).join(""), 200, {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="study-${s.id}.jsonl"`,
      });
    }),
  );
}

/** Table 4 and Figure 5 (`siturec human-agreement`) with the simulated runs `?sim=` names, and Figure 5 as SVG. */
function addAgreementRoutes(app: Hono, study: StudyRoute): void {
  const compute = async (c: Context, s: Study, runtime: StudyRuntime) => {
    const sim = SimQuery.safeParse(c.req.query("sim"));
    if (!sim.success) return c.json({ error: `sim: ${formatZodIssues(sim.error, { max: 1 })}` }, 400);
    try {
      return await studyAgreement(runtime.studies.runs, s, await runtime.studies.records(s), sim.data);
    } catch (err) {
      if (err instanceof StudyStateError) return c.json({ error: err.message }, err.status);
      throw err;
    }
  };
  app.get(
    "/api/admin/studies/:id/agreement",
    study(async (c, s, runtime) => {
      const a = await compute(c, s, runtime);
      if (a instanceof Response) return a;
      const query = new URLSearchParams({ sim: a.view.chosen.join(",") });
      const chart = a.figure5 ? `/api/admin/studies/${s.id}/figure5.svg?${query}` : null;
      return c.json({ ...a.view, chart });
    }),
  );
  app.get(
    "/api/admin/studies/:id/figure5.svg",
    study(async (c, s, runtime) => {
      const a = await compute(c, s, runtime);
      if (a instanceof Response) return a;
      if (!a.figure5) return c.json({ error: "no questionnaire answers yet: Figure 5 has no ratings" }, 404);
      return c.body(await chartSvg(figure5Chart(a.figure5).spec), 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
      });
    }),
  );
}
