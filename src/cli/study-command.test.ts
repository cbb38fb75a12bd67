import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openRunStore } from "../storage/open-run-store.js";
import { ratings, seedStudy } from "../study/agreement/testing/study-fixture.js";
import { StudyStore } from "../study/study-store.js";
import { Trajectory } from "../trajectory/trajectory.js";
import { runCli } from "./testing/run-cli.js";

let dir: string;
const profile = {
  ageGroup: "25-34",
  gender: "prefer-not-to-say",
  household: "lives-alone",
  occupation: "nurse",
  shoppingFrequency: "weekly",
  aiFamiliarity: 3,
  preferences: "",
} as const;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "siturec-study-export-"));
  const store = openRunStore(dir);
  try {
    // P02 rated everything; P01 left the reference assistant's questionnaires unanswered.
    const study = await seedStudy(store, "pilot", ["reference", "openai:gpt-4o"], (assistant, code) => ({
      success: true,
      ...(code === "P02" || assistant !== "reference"
        ? { answers: { ratings: ratings(code === "P02" ? 5 : 2), comment: `from ${code}` } }
        : {}),
    }));
    const studies = new StudyStore(store);
    const p02 = await studies.record(study, study.participants[1]!);
    await studies.saveRecord({ ...p02, profile });
  } finally {
    await store.close();
  }
});

describe("siturec study export", () => {
  it("writes one line per finished, rated interaction: the stored trajectory, the coded participant, the answers", async () => {
    const r = await runCli("study", "export", "pilot", "--dir", dir);
    expect(r.code, r.err).toBe(0);
    const lines = r.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // 2 participants × 2 tasks × 2 assistants, less P01's two unanswered ones.
    expect(lines).toHaveLength(6);
    const line = lines.find((l) => (l.participant as { code: string }).code === "P02") as {
      participant: Record<string, unknown>;
      questionnaire: { ratings: Record<string, number>; comment: string };
    };
    expect(line.participant).toEqual({
      study: "pilot",
      code: "P02",
      profile,
      letter: expect.stringMatching(/^[AB]$/),
    });
    expect(line.questionnaire).toEqual({ ratings: ratings(5), comment: "from P02" });
    expect((lines[0]!.participant as { profile: unknown }).profile).toBeNull();
    // Without the two fields, each line is the trajectory `siturec export` writes.
    const { participant: _, questionnaire: __, ...trajectory } = line;
    expect(Trajectory.safeParse(trajectory).success).toBe(true);
    expect((trajectory as unknown as Trajectory).header.runId).toMatch(/^study-pilot-P02-a[12]$/);
  });

  it("--out writes the lines to a file; an unknown study is named", async () => {
    const file = join(dir, "pilot.jsonl");
    const r = await runCli("study", "export", "pilot", "--dir", dir, "--out", file);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`wrote 6 interactions of study pilot to ${file}`);
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(6);
    const unknown = await runCli("study", "export", "nope", "--dir", dir);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("no study 'nope'");
  });
});

describe("siturec study create refuses what cannot run, in one line", () => {
  it("an assistant whose model has no API key (before anyone is invited), and a bad participant code", async () => {
    const key = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const fresh = mkdtempSync(join(tmpdir(), "siturec-study-create-"));
      const noKey = await runCli(
        "study",
        "create",
        "x",
        "--assistants",
        "reference,openai:gpt-4o",
        "--dir",
        fresh,
      );
      expect(noKey.code).toBe(2);
      expect(noKey.err).toMatch(/the model openai:gpt-4o cannot be used: .*OPENAI_API_KEY/);
      expect(noKey.err).toContain("--no-preflight");
      const codes = await runCli(
        "study",
        "create",
        "x",
        "--assistants",
        "reference",
        "--participants",
        "p 1,ok",
        "--dir",
        fresh,
      );
      expect(codes.code).toBe(2);
      expect(codes.err).toMatch(
        /^siturec study create: study x: participants\.0\.code: a coded participant id/,
      );
      expect(codes.err).not.toContain('"code"');
      const skipped = await runCli(
        ...[
          "study",
          "create",
          "x",
          "--assistants",
          "openai:gpt-4o",
          "--sample",
          "1",
          "--no-preflight",
          "--dir",
          fresh,
        ],
      );
      expect(skipped.code, skipped.err).toBe(0);
    } finally {
      if (key !== undefined) process.env.OPENAI_API_KEY = key;
    }
  });
});

describe("siturec study create --env", () => {
  it("takes a seeded variant (its bank, its store) and names the forms it takes when the store is unknown", async () => {
    const saved = process.env.SITUREC_VARIANTS_DIR;
    const fresh = mkdtempSync(join(tmpdir(), "siturec-study-variant-"));
    process.env.SITUREC_VARIANTS_DIR = join(fresh, "variants");
    try {
      const args = ["study", "create", "held", "--assistants", "reference", "--sample", "2", "--dir", fresh];
      const made = await runCli(...args, "--env", "supermarket@1000");
      expect(made.code, made.err).toBe(0);
      expect(made.out).toMatch(/^study held: 2 supermarket@1000 tasks \(sm-\d{2}\.[1-4], sm-\d{2}\.[1-4]\)/);
      const store = openRunStore(fresh, { readonly: true });
      try {
        expect((await new StudyStore(store).get("held"))?.env).toBe("supermarket@1000");
      } finally {
        await store.close();
      }
      const unknown = await runCli(...args, "--env", "grocer");
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain(
        "--env grocer: the stores are supermarket, home-furnishings, or a seeded variant",
      );
    } finally {
      if (saved === undefined) delete process.env.SITUREC_VARIANTS_DIR;
      else process.env.SITUREC_VARIANTS_DIR = saved;
    }
  });
});
