import type { Role } from "../../core/roles.js";
import type { RoleObservation } from "../../render/observer.js";

/** A role's view with nothing in it, for policy tests that do not render. */
export function emptyView(role: Role): RoleObservation {
  return {
    role,
    products: [],
    targets: [],
    caption: "",
    marks: [],
    handles: { products: {}, targets: {} },
    image: Buffer.alloc(0),
  };
}
