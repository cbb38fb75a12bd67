export { buildProgram, main } from "./main.js";
