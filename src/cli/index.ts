// The binary's entry: kept light (no command module), so `siturec --version` starts fast.
export { main } from "./command-line.js";
