// The CLI from the TypeScript sources (bin/siturec.js runs the built dist/): for benchmarks of a
// working tree that has not been built. node --import tsx bench/cli-from-source.ts run …
import { main } from "../src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
