import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFiles } from "./static-files.js";

/** A raw GET (no URL normalisation by the client): status and body. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body, type: String(res.headers["content-type"] ?? "") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("static files of the web app", () => {
  // The app folder sits beside a secret file that no path may reach.
  const top = mkdtempSync(join(tmpdir(), "siturec-web-static-"));
  const root = join(top, "app");
  mkdirSync(join(root, "assets"), { recursive: true });
  writeFileSync(join(top, "secret.txt"), "SECRET");
  writeFileSync(join(root, "index.html"), "<!doctype html>");
  writeFileSync(join(root, "assets", "a.js"), "1");
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    const app = new Hono();
    app.get("*", staticFiles(root));
    app.notFound((c) => c.text("not found", 404));
    server = await new Promise((ok) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => ok(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("serves the files under the app folder, index.html at /", async () => {
    expect((await rawGet(port, "/")).body).toBe("<!doctype html>");
    const js = await rawGet(port, "/assets/a.js");
    expect(js.status).toBe(200);
    expect(js.type).toMatch(/javascript/);
    expect((await rawGet(port, "/assets/missing.js")).status).toBe(404);
  });

  it("refuses any path that would leave it, however it is encoded", async () => {
    for (const path of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e/secret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/..\\secret.txt",
      "/%5c..%5csecret.txt",
      "//secret.txt",
      "/index.html%00.png",
      "/%E0%A4%A",
    ]) {
      const r = await rawGet(port, path);
      // Refused: not found, or a request the server will not parse (a raw backslash).
      expect([400, 404], path).toContain(r.status);
      expect(r.body, path).not.toContain("SECRET");
    }
  });
});
