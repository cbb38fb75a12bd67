import type { Condition } from "../core/dialogue.js";
import type { RoleObservation } from "../render/observer.js";
import { caption } from "../render/som/role-view.js";

/** What of its first-person view the assistant is given, beyond the condition. */
export interface AssistantViewOptions {
  /** Catalog and layout ids in the visible-entity lists and caption (not in the paper; off by default). */
  captionIds: boolean;
}

const NOTHING_IN_VIEW = { products: {}, targets: {} };

/**
 * The assistant's view as its condition allows (paper §4.4, Appendix D.4): `full` the annotated image
 * and the visible-entity lists; `no-evv` the lists without the image; `no-evv-caption` neither. The
 * lists name what a shopper's view shows (handle, name, distance, bearing, approaches), without
 * catalog or layout ids unless `captionIds` is on; the handle → id map, which only the runtime needs,
 * goes with the ids.
 */
export function assistantView(
  view: RoleObservation,
  condition: Condition,
  opts: AssistantViewOptions,
): RoleObservation {
  const image = condition === "full" ? view.image : Buffer.alloc(0);
  if (condition === "no-evv-caption")
    return { ...view, image, products: [], targets: [], caption: "", marks: [], handles: NOTHING_IN_VIEW };
  const products = opts.captionIds ? view.products : view.products.map(({ productId: _, ...p }) => p);
  const targets = opts.captionIds ? view.targets : view.targets.map(({ targetId: _, ...t }) => t);
  return {
    ...view,
    image,
    products,
    targets,
    caption: caption(view.role, products, targets),
    ...(condition === "full" ? {} : { marks: [] }),
    handles: opts.captionIds ? view.handles : NOTHING_IN_VIEW,
  };
}
