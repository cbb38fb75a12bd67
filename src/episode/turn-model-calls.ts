import type { PolicyReply } from "../agents/types.js";
import type { RoleModelCalls, TurnModelCalls } from "../core/model-call-record.js";
import { modelCallRecord, TextTable } from "../llm/call-record.js";
import type { ImageSink } from "../trajectory/image-sink.js";

/** One role's reply this turn, or undefined when it was not asked. */
export type RoleReply = readonly [role: string, reply: PolicyReply<unknown> | undefined];

/**
 * A turn's model calls as the run store keeps them beside the turn: each role's requests as sent
 * (images stored through `images` and named by hash, as the observations are), raw replies, usage
 * and format trouble. Undefined when no role made a model call (built-in policies): nothing is stored.
 */
export async function turnModelCalls(
  replies: readonly RoleReply[],
  images: ImageSink,
): Promise<TurnModelCalls | undefined> {
  const texts = new TextTable();
  const roles: RoleModelCalls[] = [];
  for (const [role, reply] of replies) {
    if (!reply?.transcripts?.length) continue;
    const calls = [];
    for (const t of reply.transcripts) calls.push(await modelCallRecord(t, images, texts));
    roles.push({
      role,
      calls,
      ...(reply.formatError !== undefined ? { formatError: reply.formatError } : {}),
      ...(reply.formatWarnings?.length ? { formatWarnings: reply.formatWarnings } : {}),
      repaired: reply.repaired ?? false,
      ...(reply.fencedJson ? { fencedJson: true } : {}),
      ...(reply.invalidTools?.length ? { invalidTools: reply.invalidTools } : {}),
    });
  }
  return roles.length ? { roles, texts: texts.texts } : undefined;
}
