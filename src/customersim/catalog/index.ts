export { compositionText } from "./apparel-catalog.js";
export { buildCatalog } from "./build-catalog.js";
