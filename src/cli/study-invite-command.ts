import type { Command } from "commander";
import { openRunStore } from "../storage/open-run-store.js";
import { newInviteToken } from "../study/invite-tokens.js";
import type { Study } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { invitePath } from "../web/study-overview.js";
import { dirOption, storeOption } from "./default-store.js";
import type { CliIo } from "./io.js";
import { requireStudy } from "./study-lookup.js";

/** Revokes or reissues one participant's invite in the store. */
async function changeInvite(
  dir: string,
  id: string,
  change: (studies: StudyStore) => Promise<Study>,
): Promise<Study> {
  const store = openRunStore(dir);
  try {
    await requireStudy(store, id);
    // An unknown participant or a second revoke is a StudyStateError: a usage error (exit 2).
    return await change(new StudyStore(store));
  } finally {
    await store.close();
  }
}

/**
 * `siturec study revoke ID CODE` and `siturec study reissue ID CODE`: the old invite link opens
 * nothing from then on, on every server of the store (each request reads the study as stored).
 */
export function registerStudyInvites(study: Command, io: CliIo): void {
  study
    .command("revoke")
    .description(
      "revoke a participant's invite: their link opens nothing (and says so) until 'study reissue' gives them a new one",
    )
    .argument("<study>", "study id")
    .argument("<code>", "the participant's coded id")
    .addOption(storeOption())
    .addOption(dirOption())
    .action(async (id: string, code: string, o: { dir: string }) => {
      await changeInvite(o.dir, id, (s) => s.revoke(id, code));
      io.out(
        `revoked ${id}/${code}'s invite: the link opens nothing now (what they did is kept; 'siturec study reissue ${id} ${code}' gives them a new one)\n`,
      );
    });
  study
    .command("reissue")
    .description(
      "give a participant a new invite link; the one they held opens nothing from now on (an interaction in play starts again)",
    )
    .argument("<study>", "study id")
    .argument("<code>", "the participant's coded id")
    .addOption(storeOption())
    .addOption(dirOption())
    .option("--base <url>", "the server's address the link starts with", "http://127.0.0.1:7575")
    .option("--json", "print the participant's code and new invite link as JSON")
    .action(async (id: string, code: string, o: { dir: string; base: string; json?: boolean }) => {
      const changed = await changeInvite(o.dir, id, (s) => s.reissue(id, code, newInviteToken()));
      const p = changed.participants.find((x) => x.code === code)!;
      const invite = `${o.base.replace(/\/+$/, "")}${invitePath(p.token)}`;
      if (o.json) io.out(`${JSON.stringify({ study: id, code, invite })}\n`);
      else io.out(`new invite for ${id}/${code} (send it to this participant only): ${invite}\n`);
    });
}
