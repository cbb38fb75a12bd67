import type { Context, Hono, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { sameToken } from "../study/invite-tokens.js";

/** The server's two tokens: the organiser's (everything) and the read-only viewer's (runs, leaderboards, images, maps). */
export interface AccessTokens {
  /** The organiser's token: studies, invites, answers, and every viewer endpoint. */
  adminToken: string;
  /** The read-only token: the viewer's GET endpoints only, never a study endpoint. */
  viewerToken: string;
}

/** The cookie the organiser link sets, and the one the read-only link sets. */
export const ADMIN_COOKIE = "siturec_admin";
export const VIEWER_COOKIE = "siturec_viewer";

/** A token is 32 to 100 letters, digits, '-' or '_' (`--admin-token`, `--viewer-token`). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,100}$/;

/** What a request presents: its bearer token if it sends one, else the cookies the two links set. */
function presented(c: Context): string[] {
  const bearer = c.req.header("Authorization")?.replace(/^Bearer\s+/i, "");
  if (bearer !== undefined) return [bearer];
  return [getCookie(c, ADMIN_COOKIE), getCookie(c, VIEWER_COOKIE)].filter((t) => t !== undefined);
}

/**
 * Whether a request carries the admin token: `Authorization: Bearer TOKEN`, or the cookie an
 * organiser's browser got from the admin link (images and charts are fetched without headers).
 * Compared in constant time.
 */
export function isAdmin(c: Context, adminToken: string): boolean {
  return presented(c).some((t) => sameToken(t, adminToken));
}

/** Whether a request carries the read-only viewer token (bearer, or the read-only link's cookie). */
export function isViewer(c: Context, viewerToken: string): boolean {
  return presented(c).some((t) => sameToken(t, viewerToken));
}

/** Paths with access rules of their own: participants' (invite token), the organiser's, the scene data, the sign-in. */
const OWN_RULES = ["/api/p/", "/api/admin/", "/api/scene/"];
const SIGN_IN = "/api/view/session";

/**
 * The gate in front of the viewer's endpoints (every `/api/` path but those with rules of their own,
 * including routes added after it): open while `needed` says no; else the organiser token opens
 * everything, the viewer token GET and HEAD only (403 otherwise), and no token gets a 401.
 */
export function viewerGate(tokens: AccessTokens, needed: () => Promise<boolean>): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (path === SIGN_IN || OWN_RULES.some((p) => path.startsWith(p)) || isAdmin(c, tokens.adminToken))
      return next();
    if (!(await needed())) return next();
    if (isViewer(c, tokens.viewerToken)) {
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
      return c.json({ error: "the read-only link only reads: this needs the organiser link" }, 403);
    }
    return c.json(
      {
        error:
          "the viewer on this server needs the read-only or the organiser link that 'siturec serve' printed",
      },
      401,
    );
  };
}

/** `POST /api/view/session`: the read-only link's page trades its token for a cookie (HttpOnly, this site only). */
export function addViewerSession(app: Hono, tokens: AccessTokens): void {
  app.post(SIGN_IN, (c) => {
    if (!isViewer(c, tokens.viewerToken) && !isAdmin(c, tokens.adminToken))
      return c.json(
        { error: "this read-only link is not valid (ask the organiser for the current one)" },
        401,
      );
    setCookie(c, VIEWER_COOKIE, tokens.viewerToken, { httpOnly: true, sameSite: "Strict", path: "/" });
    return c.json({ ok: true });
  });
}

/** The read-only link's path (`/#/view/TOKEN`). */
export const viewerPath = (token: string) => `/#/view/${token}`;
