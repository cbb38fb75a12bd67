import { SiturecError } from "../core/errors.js";

/**
 * A request a study's state does not allow — a participant's out of date, an invite withdrawn, a
 * participant or run the organiser named that is not there — with the HTTP status the server
 * answers it with (the page shows the message; the command line exits 2).
 */
export class StudyStateError extends SiturecError {
  override readonly name = "StudyStateError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 410 | 422 = 409,
  ) {
    super(message, { exitCode: 2 });
  }
}
