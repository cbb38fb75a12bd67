// The public API's report (API Extractor): one `api-report/<entry>.api.md` per package entry point, from
// the declarations `npm run build` writes to dist/. `npm test` runs the check, so any change to the public
// surface fails until the reports are updated and the change shows in review:
//   npx tsx scripts/api-report.ts           check: fails, naming the entry points whose surface changed
//   npx tsx scripts/api-report.ts --update  rewrite the reports after an intended change
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from "@microsoft/api-extractor";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Package subpath → its declaration file in dist/ (package.json's `exports`). */
const ENTRIES: Record<string, string> = {
  siturec: "dist/index.d.ts",
  eval: "dist/api/eval.d.ts",
  customersim: "dist/api/customersim.d.ts",
  "env-server": "dist/api/env-server.d.ts",
};

const update = process.argv.includes("--update");
const unknown = process.argv.slice(2).filter((a) => a !== "--update");
if (unknown.length > 0) {
  console.error(`unknown argument ${unknown[0]}; usage: npx tsx scripts/api-report.ts [--update]`);
  process.exit(2);
}

function configFor(name: string, entry: string): IConfigFile {
  return {
    projectFolder: ROOT,
    mainEntryPointFilePath: join(ROOT, entry),
    // The declarations are read with API Extractor's own TypeScript; these options are all it needs.
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          skipLibCheck: true,
          types: ["node"],
        },
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: name,
      reportFolder: join(ROOT, "api-report"),
      reportTempFolder: join(ROOT, "node_modules/.cache/api-report"),
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      // A type the surface uses but no entry point exports stays visible in the report as a warning line.
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.None },
        "ae-forgotten-export": { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
}

const missing = Object.values(ENTRIES).filter((f) => !existsSync(join(ROOT, f)));
if (missing.length > 0) {
  console.error(`no ${missing.join(", ")}: run \`npm run build\` first`);
  process.exit(2);
}

if (update) mkdirSync(join(ROOT, "api-report"), { recursive: true });
const changed: string[] = [];
for (const [name, entry] of Object.entries(ENTRIES)) {
  const config = ExtractorConfig.prepare({
    configObject: configFor(name, entry),
    configObjectFullPath: undefined,
    packageJsonFullPath: join(ROOT, "package.json"),
  });
  const result = Extractor.invoke(config, { localBuild: update, messageCallback: quietInfo });
  if (result.apiReportChanged) changed.push(name);
  // Outside --update a changed report is the failure this script reports below; anything else is API Extractor's.
  if (!result.succeeded && (update || !result.apiReportChanged)) {
    console.error(`API Extractor failed on ${entry} (${result.errorCount} errors)`);
    process.exit(1);
  }
}

if (changed.length === 0)
  console.log(`the public API matches api-report/ (${Object.keys(ENTRIES).length} entry points)`);
else if (update) console.log(`updated api-report/ for ${changed.join(", ")}: review the diff and commit it`);
else {
  console.error(
    `the public API changed (${changed.join(", ")}): if that is intended, run \`npx tsx scripts/api-report.ts --update\` and commit api-report/`,
  );
  process.exit(1);
}

/** API Extractor's progress lines say nothing a reader of `npm test` needs. */
function quietInfo(message: { logLevel: string; handled: boolean }): void {
  if (message.logLevel === "info" || message.logLevel === "verbose") message.handled = true;
}
