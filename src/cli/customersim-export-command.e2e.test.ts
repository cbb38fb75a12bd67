import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parquetReadObjects } from "hyparquet";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { TrlGrpoRow, TrlSftRow, VerlRow } from "../customersim/index.js";
import { runCli } from "./testing/run-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
const tmp = tempDirs("customersim-export-e2e");

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"]);
    return true;
  } catch {
    return false;
  }
}
const python = hasPython();
if (!python) console.log("skipping the Python reward functions: python3 is not installed");

const jsonl = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as unknown);

/** The decision reward as docs/customersim.md defines it, written again here for the scripted shoppers. */
function expectedDecision(policy: string, row: TrlGrpoRow): number {
  const ok = new Set(row.acceptable);
  const onTable = row.recommended.filter((p) => ok.has(p));
  const first = row.recommended[0];
  if (policy === "oracle") return 1;
  if (policy === "buy-first" && first !== undefined) return ok.has(first) ? 1 : 0;
  if (onTable.length) return 0;
  if (policy !== "walk-out") return 1;
  if (row.recommended_later === null) return row.feasible ? 0 : 1;
  return row.recommended_later.some((p) => ok.has(p)) ? 0 : 1;
}

describe("siturec customersim export for TRL and verl", () => {
  const dir = tmp();
  const file = (name: string) => join(dir, name);

  beforeAll(async () => {
    const r = await runCli(
      ...["customersim", "run", "--shopper", "rule", "--sales", "reference", "--personas", "0:30"],
      ...["--out", dir, "--run-id", "rule-ref", "--quiet"],
    );
    expect(r.code, r.err).toBe(0);
    for (const [format, out] of [
      ["trl-sft", "sft.jsonl"],
      ["trl-grpo", "grpo.jsonl"],
      ["verl", "train.parquet"],
    ] as const) {
      const e = await runCli(
        "customersim",
        "export",
        "rule-ref",
        "--dir",
        dir,
        "--format",
        format,
        "--out",
        file(out),
      );
      expect(e.code, e.err).toBe(0);
      expect(e.err).toMatch(new RegExp(`wrote \\d+ ${format} rows to `));
    }
  });

  it("writes rows every trainer format validates, verl's Parquet holding the GRPO prompts", async () => {
    const sft = jsonl(file("sft.jsonl")).map((r) => TrlSftRow.parse(r));
    expect(sft).toHaveLength(30);
    const grpo = jsonl(file("grpo.jsonl")).map((r) => TrlGrpoRow.parse(r));
    expect(grpo).toHaveLength(sft.reduce((n, r) => n + r.rounds, 0));
    const bytes = readFileSync(file("train.parquet"));
    const verl = (await parquetReadObjects({ file: new Uint8Array(bytes).buffer })).map((r) =>
      VerlRow.parse({ ...r, extra_info: { ...r.extra_info, index: Number(r.extra_info.index) } }),
    );
    expect(verl.map((v) => v.extra_info.persona_id)).toEqual(grpo.map((g) => g.persona_id));
    expect(verl.map((v) => v.reward_model.ground_truth)).toEqual(grpo.map((g) => g.acceptable));
    expect(verl.map((v) => v.prompt.length)).toEqual(grpo.map((g) => g.prompt.length));
    expect(verl[0]!.prompt[0]!.content.startsWith(grpo[0]!.prompt[0]!.content)).toBe(true);
  });

  it("refuses verl without --out, and reasoning flags where rows have no shopper turns", async () => {
    const verl = await runCli("customersim", "export", "rule-ref", "--dir", dir, "--format", "verl");
    expect(verl.code).toBe(2);
    expect(verl.err).toMatch(/--out/);
    const grpo = await runCli(
      "customersim",
      "export",
      "rule-ref",
      "--dir",
      dir,
      "--format",
      "trl-grpo",
      "--no-reasoning",
    );
    expect(grpo.code).toBe(2);
  });

  it.skipIf(!python)("scores the rows with the Python reward functions as documented", async () => {
    const { stdout } = await run(
      "python3",
      [
        "-B",
        join(root, "clients/python/examples/customersim_trl.py"),
        "check",
        "--data",
        file("grpo.jsonl"),
        "--json",
      ],
      { timeout: 60_000 },
    );
    const scores = JSON.parse(stdout) as Record<
      string,
      { decision: number[]; format: number[]; length: number[] }
    >;
    const rows = jsonl(file("grpo.jsonl")).map((r) => TrlGrpoRow.parse(r));
    for (const policy of ["oracle", "buy-first", "walk-out", "talk"]) {
      expect(scores[policy]!.decision, policy).toEqual(rows.map((r) => expectedDecision(policy, r)));
      expect(scores[policy]!.format.every((f) => f === 1)).toBe(true);
    }
    // The rewards are graded, not saturated: the scripted shoppers differ on these rows.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(scores["walk-out"]!.decision)).toBeLessThan(mean(scores.oracle!.decision));
    const unit = await run(
      "python3",
      ["-B", "-m", "unittest", "discover", "-s", join(root, "clients/python/tests")],
      {
        timeout: 60_000,
      },
    );
    expect(unit.stderr).toMatch(/\nOK( \(skipped=\d+\))?\s*$/);
  });
});
