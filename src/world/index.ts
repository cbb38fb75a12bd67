export { Navigation, navigationFor } from "./navmesh.js";
export * from "./tools.js";
export * from "./world.js";
export * from "./world-core.js";
