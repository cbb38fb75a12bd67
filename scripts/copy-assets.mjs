// Copies the environment data files next to the compiled code (dist/envs/<env>/data).
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

for (const env of readdirSync("src/envs", { withFileTypes: true })) {
  const data = join("src/envs", env.name, "data");
  if (env.isDirectory() && existsSync(data))
    cpSync(data, join("dist/envs", env.name, "data"), { recursive: true });
}
