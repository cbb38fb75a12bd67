export * from "./image-sink.js";
export * from "./trajectory.js";
export * from "./usage.js";
