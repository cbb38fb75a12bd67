// Copies the environment data, authored specs (JSON) and prompt templates next to the compiled code, so the built
// package can load its stores and regenerate task banks: dist/envs/<env>/{data,spec,prompts}.
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

for (const env of readdirSync("src/envs", { withFileTypes: true })) {
  if (!env.isDirectory()) continue;
  for (const part of ["data", "spec", "prompts"]) {
    const from = join("src/envs", env.name, part);
    if (!existsSync(from)) continue;
    cpSync(from, join("dist/envs", env.name, part), { recursive: true, filter: (f) => !f.endsWith(".ts") });
  }
}

// The prompt templates, loaded next to the compiled prompt module.
cpSync("src/agents/prompts/templates", "dist/agents/prompts/templates", { recursive: true });

// CustomerSim's data, and the vendored sources its generator reads, next to its compiled code.
for (const part of ["data", "sources"])
  cpSync(join("src/customersim", part), join("dist/customersim", part), { recursive: true });
