import { createHash } from "node:crypto";
import { observe } from "../../render/observer.js";
import type { RenderService } from "../../render/render-service.js";

/**
 * The check that a change of structure changed no behaviour: the embedded default's trajectories on
 * all 200 tasks of both stores (subset 0 among them), digested per episode. Two parts per episode, because they fail for
 * different reasons: `trajectory` covers everything an agent decided and the world did (header minus
 * the run's own name, identity and code hash; image hashes left out), `images` the annotated views'
 * hashes, which also change when Chromium or its fonts render a pixel differently.
 */
export interface GoldenTrajectories {
  /** How the runs were made (for a reader of the file; the test runs exactly this). */
  command: string;
  /** Hash of one annotated observation: images are compared only where the renderer matches this. */
  renderer: string;
  episodes: Record<string, { trajectory: string; images: string }>;
}

export const GOLDEN_COMMAND = "siturec run --no-images";
export const GOLDEN_FILE = new URL("../testdata/golden-trajectories.json", import.meta.url);

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** Digests of an export (JSON lines), keyed `env/taskId`. */
export function digestExport(jsonl: string): GoldenTrajectories["episodes"] {
  const out: GoldenTrajectories["episodes"] = {};
  for (const line of jsonl.split("\n")) {
    if (!line.trim()) continue;
    const t = JSON.parse(line) as {
      header: Record<string, unknown> & { env: string; task: { id: string } };
      turns: { observations: Record<string, { image: string }> }[];
    };
    const images: string[] = [];
    for (const turn of t.turns)
      for (const view of Object.values(turn.observations)) {
        images.push(view.image);
        view.image = "";
      }
    const { runId: _r, identity: _i, codeVersion: _c, ...header } = t.header;
    out[`${t.header.env}/${t.header.task.id}`] = {
      trajectory: sha(JSON.stringify({ ...t, header })),
      images: sha(images.join("\n")),
    };
  }
  return out;
}

/** The hash of one fixed annotated view: equal where the renderer draws as the golden's did. */
export async function rendererFingerprint(render: RenderService): Promise<string> {
  const obs = await observe(render, "supermarket", { x: 8.1, z: 10.5, yaw: 90, pitch: -10 });
  return sha(obs.roles.assistant.image.toString("base64") + obs.roles.shopper.image.toString("base64"));
}
