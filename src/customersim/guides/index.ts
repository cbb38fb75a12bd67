export { buildGuides } from "./build-guides.js";
