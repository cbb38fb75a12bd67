import type { Context, Hono } from "hono";
import { z } from "zod";
import { type StudyRuntime, StudyStateError } from "../study/study-runtime.js";
import { ParticipantAct, ParticipantProfile, QuestionnaireAnswers } from "../study/study-spec.js";
import { TOKEN_PATTERN } from "./access-tokens.js";
import { addStudyAdminRoutes, organiserOnly } from "./study-admin-routes.js";
import { answer, body, failed } from "./study-http.js";

export { ADMIN_COOKIE, isAdmin } from "./access-tokens.js";
export { summary } from "./study-admin-routes.js";
export { invitePath } from "./study-overview.js";

const Token = z.string().regex(TOKEN_PATTERN, "an invite token");
const Index = z.object({ index: z.number().int().nonnegative() }).strict();
const Answers = z.object({ index: z.number().int().nonnegative(), answers: QuestionnaireAnswers }).strict();

/** What the study routes need: the runtime (made on first use) and the server's two tokens. */
export interface StudyRoutes {
  runtime: () => StudyRuntime;
  /** The organiser's token. */
  adminToken: string;
  /** The read-only viewer's token: refused by every study route (403), and shown to the organiser. */
  viewerToken: string;
}

/**
 * The human-evaluation API. Participants reach only their own record, by the invite token in the
 * path (a withdrawn one gets a 410 saying so); organisers (studies, invites, progress, answers) need
 * the admin token printed when the server starts (`study-admin-routes.ts`).
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

  // A simulated participant's task and persona: the organiser's, never a person's page.
  app.get(
    "/api/p/:token/briefing",
    organiserOnly(
      routes,
      participant((c, t) => answer(c, () => routes.runtime().briefing(t))),
    ),
  );
  addStudyAdminRoutes(app, routes);
}
