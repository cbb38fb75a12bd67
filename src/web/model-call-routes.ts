import type { Hono } from "hono";
import { z } from "zod";
import type { RunStore } from "../storage/run-store.js";
import { turnCallsView } from "./model-call-view.js";

/** Path parameters as the API accepts them (as `server.ts`'s; anything else is a 400). */
const RunId = z.string().regex(/^[\w.:@+-]{1,200}$/, "a run id");
const EnvKey = z.string().regex(/^[\w.-]{1,100}(?:@\d{1,6})?$/, "a store (or store@seed) or category id");
const TaskKey = z.string().regex(/^[\w.:@+-]{1,200}$/, "a task or persona id");
const TurnNumber = z
  .string()
  .regex(/^[1-9]\d{0,4}$/, "a turn number from 1")
  .transform(Number);

const CallsParams = z.object({ run: RunId, env: EnvKey, task: TaskKey, turn: TurnNumber });

/**
 * `GET /api/runs/RUN/episodes/ENV/TASK/calls/N`: the model calls of turn N (from 1, as the replay's
 * address counts) of a stored episode, per role, as `TurnCallsView`; 404 when the turn kept none
 * (built-in agents, a store from before calls were kept). The answer depends only on the path, so a
 * static bundle can save it as a file.
 */
export function addModelCallRoutes(app: Hono, getStore: () => RunStore | undefined): void {
  app.get("/api/runs/:run/episodes/:env/:task/calls/:turn", async (c) => {
    const p = CallsParams.safeParse(c.req.param());
    if (!p.success) {
      const field = p.error.issues[0]?.path.join(".") ?? "path";
      return c.json({ error: `invalid ${field}: ${p.error.issues[0]?.message ?? "bad value"}` }, 400);
    }
    const { run, env, task, turn } = p.data;
    const store = getStore();
    const found = store ? await store.getRun(run) : undefined;
    // SituRecBench numbers its turns from 0, CustomerSim its rounds from 1.
    const index = found?.benchmark === "customersim" ? turn : turn - 1;
    const stored = found ? await store!.modelCalls(run, env, task, index) : undefined;
    c.header("Cache-Control", "no-store");
    if (!stored)
      return c.json(
        { error: `no model calls stored for turn ${turn} of ${env}/${task} in run '${run}'` },
        404,
      );
    return c.json(turnCallsView(turn, stored));
  });
}
