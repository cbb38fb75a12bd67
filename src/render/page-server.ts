import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { EnvId } from "../core/manifest.js";
import { hasEnv } from "../envs/registry.js";
import { pageBundle } from "./page-bundle.js";
import { labelFont, sceneDataJson } from "./scene-data.js";

interface PendingFrame {
  resolve: (body: Buffer) => void;
  reject: (err: Error) => void;
}

/**
 * The local HTTP server the render pages talk to, on 127.0.0.1 and a free port: it serves the page,
 * its bundle, the label font and each store's data, and receives each frame's pixels as one binary
 * POST (`/frame/TOKEN/ID`), handing them to whoever awaits that frame. The frames may come from
 * pages another server served (pages shared in one browser), so that route answers any origin; the
 * random token keeps other pages from posting to it.
 */
export class PageServer {
  private readonly pending = new Map<string, PendingFrame>();
  private readonly token = randomBytes(12).toString("hex");
  private server?: Server;
  private bundle = "";
  private url = "";

  async start(): Promise<string> {
    const bundle = await pageBundle();
    this.bundle = bundle;
    this.server = createServer((req, res) => {
      this.handle(req, res, bundle).catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
    });
    // Chromium keeps the connection open between frames; if the server closed it first (Node's 5 s
    // default), a frame posted at that moment fails to send.
    this.server.keepAliveTimeout = 600_000;
    this.server.headersTimeout = 605_000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  /** Where a page posts frame `id`'s pixels. */
  frameUrl(id: string): string {
    return `${this.url}/frame/${this.token}/${id}`;
  }

  /**
   * What a page of `env` runs: its bundle, the store's data and the font. Pages with the same key
   * draw the same; a render service takes over only a shared page whose key is its own.
   */
  pageKey(env: EnvId): string {
    return createHash("sha256")
      .update(this.bundle)
      .update(sceneDataJson(env))
      .update(labelFont())
      .digest("hex")
      .slice(0, 16);
  }

  /** A promise for the pixels of frame `id`, registered before the page is asked to render it. */
  expectFrame(id: string): Promise<Buffer> {
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  cancelFrame(id: string, err: Error): void {
    this.pending.get(id)?.reject(err);
    this.pending.delete(id);
  }

  private async handle(req: IncomingMessage, res: ServerResponse, bundle: string): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const framePrefix = `/frame/${this.token}/`;
    if (req.method === "POST" && url.pathname.startsWith(framePrefix)) {
      const id = url.pathname.slice(framePrefix.length);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const waiter = this.pending.get(id);
      this.pending.delete(id);
      res.writeHead(waiter ? 204 : 404, { "access-control-allow-origin": "*" }).end();
      waiter?.resolve(Buffer.concat(chunks));
      return;
    }
    if (url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end('<!doctype html><html><body><script type="module" src="/page.js"></script></body></html>');
      return;
    }
    if (url.pathname === "/page.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
      return;
    }
    if (url.pathname === "/font.woff2") {
      res.writeHead(200, { "content-type": "font/woff2" }).end(labelFont());
      return;
    }
    const data = /^\/data\/([a-z-]+(?:@\d{1,6})?)\.json$/.exec(url.pathname);
    const env = data && hasEnv(data[1]!) ? data[1] : undefined;
    if (env) {
      res.writeHead(200, { "content-type": "application/json" }).end(sceneDataJson(env as EnvId));
      return;
    }
    res.writeHead(404).end();
  }

  async close(): Promise<void> {
    for (const [id] of this.pending) this.cancelFrame(id, new Error("render server closed"));
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
