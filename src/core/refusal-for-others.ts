/**
 * A refusal of the shopper's call as the other roles may read it (the assistant, the moderator, the
 * judge): the world words its refusals for the shopper, quoting the shopper's own handle ("'2' is
 * 2.0 m away"), and B.2 keeps each role's handles private, so the quoted handle becomes the target's
 * name, or "that target" when the handle named nothing.
 */
export function refusalForOthers(error: string, target: unknown, targetName: string | undefined): string {
  if (typeof target !== "string" || !target.trim()) return error;
  const name = targetName ? `the ${targetName}` : "that target";
  return error.split(`'${target.trim()}'`).join(name);
}
