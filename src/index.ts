// The package's main entry point (`siturec`); the curated public API is src/api/.
export * from "./api/index.js";
