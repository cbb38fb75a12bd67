import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * A Vitest reporter that prints where the suite's time goes: per test file, the time spent importing
 * it and in its tests and hooks (beforeAll included, which Vitest's JSON leaves out), slowest first.
 * `SITUREC_TEST_TIMINGS=file.json` also writes the rows as JSON.
 *
 *   npx vitest run --reporter=default --reporter=./scripts/test-timings-reporter.ts
 */
export default class TestTimingsReporter implements Reporter {
  private readonly runStart = performance.now();
  private readonly started = new Map<string, number>();
  private readonly rows: {
    file: string;
    project: string;
    startS: number;
    wallS: number;
    importS: number;
    testsS: number;
  }[] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const start = this.started.get(module.id) ?? performance.now();
    this.rows.push({
      file: module.relativeModuleId,
      project: module.project.name,
      startS: round((start - this.runStart) / 1000),
      wallS: round((performance.now() - start) / 1000),
      importS: round((d.collectDuration + d.setupDuration + d.prepareDuration) / 1000),
      testsS: round(d.duration / 1000),
    });
  }

  onTestRunEnd(): void {
    const rows = this.rows.sort((a, b) => b.wallS - a.wallS);
    const lines = rows.map(
      (r) =>
        `${r.wallS.toFixed(1).padStart(7)} s  from ${r.startS.toFixed(0).padStart(4)} s  ${r.importS.toFixed(1).padStart(5)} s import  ${r.testsS.toFixed(1).padStart(6)} s tests  [${r.project}] ${r.file}`,
    );
    process.stdout.write(`\nTest files by wall time:\n${lines.join("\n")}\n`);
    const out = process.env.SITUREC_TEST_TIMINGS;
    if (out) writeFileSync(out, `${JSON.stringify(rows, null, 2)}\n`);
  }
}

const round = (x: number) => Math.round(x * 10) / 10;
