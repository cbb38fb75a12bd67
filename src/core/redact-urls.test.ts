import { expect, it } from "vitest";
import { redactUrlsDeep, redactUrlsIn } from "./redact-urls.js";

it("hides the password of every URL in a text, and nothing else", () => {
  expect(
    redactUrlsIn(
      "resume with: siturec run --resume r1 --out postgres://siturec:hunter2@db:5432/runs --queue redis://:s3cr%40t@q:6379/0",
    ),
  ).toBe(
    "resume with: siturec run --resume r1 --out postgres://siturec:***@db:5432/runs --queue redis://:***@q:6379/0",
  );
  expect(redactUrlsIn("postgres://u:pa/ss@db/x")).toBe("postgres://u:***@db/x");
  const plain = "http://127.0.0.1:7576/sessions and a@b.c and postgres://db/runs and ./siturec-runs";
  expect(redactUrlsIn(plain)).toBe(plain);
});

it("hides them in a JSON value's strings, and never across two strings", () => {
  const config = { storeDir: "postgres://u:pw@db/x", a: "http://x", b: "c@d", n: 3 };
  expect(redactUrlsDeep(config)).toEqual({ ...config, storeDir: "postgres://u:***@db/x" });
});
