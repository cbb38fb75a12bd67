import type { Context } from "hono";
import { shortMessage } from "../core/errors.js";
import { SessionError } from "./session-error.js";

/** A request's JSON body (an empty body is `{}`); a body that is not JSON is a 400 saying why. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SessionError(400, `the body is not valid JSON: ${shortMessage(err)}`);
  }
}
