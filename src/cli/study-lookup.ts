import { SiturecError } from "../core/errors.js";
import type { RunStore } from "../storage/run-store.js";
import type { Study } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";

/** A study of the store, or an error naming the store and the studies it holds. */
export async function requireStudy(store: RunStore, id: string): Promise<Study> {
  const studies = new StudyStore(store);
  const study = await studies.get(id);
  if (study) return study;
  const known = (await studies.list()).map((s) => s.id);
  throw new SiturecError(`no study '${id}' in ${store.location}`, {
    exitCode: 2,
    hint: known.length
      ? `its studies: ${known.join(", ")}`
      : "it holds no study (is --store the right store?)",
  });
}
