// Regenerates the checked-in environment data from the authored specs:
//   npm run data:generate            write src/envs/<env>/data/*.json
//   npm run data:generate -- --check exit 1 if the checked-in data differs from what the specs give
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { envDataDir } from "../src/envs/env-data.js";
import { generateEnv, serializeEnv } from "../src/envs/generate-data.js";
import { envIds } from "../src/envs/registry.js";

const check = process.argv.includes("--check");
let stale = 0;
for (const env of envIds()) {
  const dir = envDataDir(env);
  mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(serializeEnv(await generateEnv(env)))) {
    const path = join(dir, file);
    const same = existsSync(path) && readFileSync(path, "utf8") === content;
    if (check) {
      if (!same) {
        console.error(`stale: ${path}`);
        stale++;
      }
    } else if (!same) {
      writeFileSync(path, content);
      console.log(`wrote ${path}`);
    }
  }
}
if (check && stale) {
  console.error("run `npm run data:generate` and commit the result");
  process.exit(1);
}
console.log(check ? "data is up to date" : "done");
