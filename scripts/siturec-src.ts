// The command line run from the sources (tsx), for benchmarks and scripts that start siturec
// processes without a build:  npx tsx scripts/siturec-src.ts worker --queue …
import { main } from "../src/cli/index.js";

process.exitCode = await main(process.argv.slice(2));
