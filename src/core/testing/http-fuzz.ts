import { request } from "node:http";
import fc from "fast-check";

/** One request as the fuzzer sends it: raw method, path, headers and body bytes. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * What came back: the status; or that the client could not send it all (an invalid header, or the
 * server answered and closed before a huge body was written); or no answer at all (`timedOut`: a
 * server that hangs, or died, fails the test).
 */
export type FuzzResponse = { status: number; body: string } | { unsendable: string } | { timedOut: true };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];

/** Path pieces a hostile client would try: malformed escapes, NULs, dot segments, unicode, very long. */
const oddSegment = fc.oneof(
  fc.constantFrom(
    "%",
    "%E0%A4%A",
    "%00",
    "%ZZ",
    "..",
    "%2e%2e",
    "%2F",
    "ä",
    "😀",
    "%C0%AF",
    "?",
    "?token=",
    "#",
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constant("a".repeat(9000)),
);

/**
 * Requests made of a server's real routes (`prefixes`, e.g. `/sessions/ID`) and their sub-paths, bent
 * in every way: method, path, content type, authorization, and bodies of the wrong type, truncated
 * JSON, non-JSON, huge ones.
 */
export function fuzzRequests(prefixes: string[], suffixes: string[]): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(
      fc.constantFrom(...prefixes),
      fc.constantFrom("", ...suffixes),
      fc.option(oddSegment, { nil: undefined }),
    )
    .map(([p, s, odd]) => `${p}${s}${odd === undefined ? "" : `/${odd}`}`);
  const body = fc.option(
    fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }).map((j) => j.slice(0, Math.max(0, j.length - 1))),
      fc.constantFrom(
        '{"action":',
        '{"env":"situ-rec","store":{}}',
        '{"env":"customersim","persona":-1}',
        "[]",
        "null",
      ),
      fc.constant("y".repeat(1_200_000)),
    ),
    { nil: undefined },
  );
  const headers = fc.record(
    {
      "content-type": fc.constantFrom(
        "application/json",
        "text/plain",
        "multipart/form-data; boundary=x",
        "*/*",
      ),
      authorization: fc.constantFrom(
        "Bearer nope",
        "bearer",
        "Basic Zm9vOmJhcg==",
        "",
        `Bearer ${"t".repeat(500)}`,
      ),
    },
    { requiredKeys: [] },
  );
  // Some ask to become a WebSocket, as a client of `/…/ws` does.
  const upgrade = fc.boolean().map((on) =>
    on
      ? {
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
          "sec-websocket-version": "13",
        }
      : {},
  );
  return fc
    .record({ method: fc.constantFrom(...METHODS), path, headers, upgrade, body })
    .map(({ upgrade: u, headers: h, ...r }) => ({ ...r, headers: definedOnly({ ...h, ...u }) }));
}

const definedOnly = (h: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined));

/** Sends a request as it is (no client-side normalising of the path), within `timeoutMs`. */
export function send(port: number, req: FuzzRequest, timeoutMs = 10_000): Promise<FuzzResponse> {
  return new Promise((ok) => {
    let r: ReturnType<typeof request>;
    try {
      r = request(
        {
          host: "127.0.0.1",
          port,
          method: req.method,
          path: req.path,
          headers: req.headers,
          timeout: timeoutMs,
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => {
            if (body.length < 4000) body += d;
          });
          res.on("end", () => ok({ status: res.statusCode ?? 0, body }));
          res.on("error", () => ok({ status: res.statusCode ?? 0, body }));
        },
      );
    } catch (err) {
      return ok({ unsendable: (err as Error).message });
    }
    r.on("timeout", () => {
      ok({ timedOut: true });
      r.destroy();
    });
    r.on("upgrade", (res, socket) => {
      socket.destroy();
      ok({ status: res.statusCode ?? 101, body: "" });
    });
    // The server may answer (413) and close before the whole body is written: the status still counts.
    r.on("error", (err) => ok({ unsendable: err.message }));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}
