import { SiturecError } from "../core/errors.js";

/** A request the server refuses: its HTTP status (4xx: the client's to fix) and a message saying why. */
export class SessionError extends SiturecError {
  override readonly name = "SessionError";

  constructor(
    /** The HTTP status the refusal is sent with. */
    readonly status: 400 | 401 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503,
    message: string,
    /** With 429 and 503: when to try again, in seconds (sent as `Retry-After`). */
    readonly retryAfterS?: number,
  ) {
    super(message, { exitCode: status >= 500 ? 1 : 2 });
  }
}
