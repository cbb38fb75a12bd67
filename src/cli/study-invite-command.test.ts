import { beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { openRunStore } from "../storage/open-run-store.js";
import { ratings, seedStudy } from "../study/agreement/testing/study-fixture.js";
import { StudyStore } from "../study/study-store.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("study-invites");
let dir: string;
const OLD = "P01-token-".padEnd(40, "x");

beforeAll(async () => {
  dir = tmp();
  const store = openRunStore(dir);
  try {
    await seedStudy(store, "pilot", ["reference"], () => ({
      success: true,
      answers: { ratings: ratings(4), comment: "" },
    }));
  } finally {
    await store.close();
  }
});

const lookup = async (token: string) => {
  const store = openRunStore(dir, { readonly: true });
  try {
    return (await new StudyStore(store).lookup(token))?.kind;
  } finally {
    await store.close();
  }
};

describe("siturec study revoke and reissue", () => {
  it("revoke withdraws the invite (study show says so); a second revoke and an unknown participant are usage errors", async () => {
    const r = await runCli("study", "revoke", "pilot", "P01", "--dir", dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("revoked pilot/P01's invite");
    expect(await lookup(OLD)).toBe("withdrawn");
    const shown = await runCli("study", "show", "pilot", "--dir", dir);
    expect(shown.out).toMatch(/P01 .*revoked \d{4}-/);
    expect(shown.out).not.toContain(OLD);
    const again = await runCli("study", "revoke", "pilot", "P01", "--dir", dir);
    expect(again.code).toBe(2);
    expect(again.err).toContain("revoked already");
    const unknown = await runCli("study", "revoke", "pilot", "P09", "--dir", dir);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("no participant 'P09'");
    const noStudy = await runCli("study", "reissue", "nope", "P01", "--dir", dir);
    expect(noStudy.code).toBe(2);
    expect(noStudy.err).toContain("no study 'nope'");
  });

  it("reissue prints the new invite at --base; it works and the old one stays withdrawn", async () => {
    const r = await runCli(
      "study",
      "reissue",
      "pilot",
      "P01",
      "--dir",
      dir,
      "--base",
      "https://s.example.org/",
      "--json",
    );
    expect(r.code, r.err).toBe(0);
    const { invite } = JSON.parse(r.out) as { invite: string };
    expect(invite).toMatch(/^https:\/\/s\.example\.org\/#\/p\/[\w-]{43}$/);
    expect(await lookup(invite.split("/#/p/")[1]!)).toBe("active");
    expect(await lookup(OLD)).toBe("withdrawn");
  });

  it("export --results writes the study's results as one document, without invite links or tokens", async () => {
    const r = await runCli("study", "export", "pilot", "--results", "--dir", dir);
    expect(r.code, r.err).toBe(0);
    const results = JSON.parse(r.out) as {
      kind: string;
      participants: { code: string; replaced: number; interactions: { state: string }[] }[];
    };
    expect(results.kind).toBe("siturec.study-results");
    expect(results.participants.map((p) => [p.code, p.replaced])).toEqual([
      ["P01", 1],
      ["P02", 0],
    ]);
    expect(results.participants[1]!.interactions.every((i) => i.state === "done")).toBe(true);
    expect(r.out).not.toMatch(/token|invite"/);
  });
});
