import { createConnection, createServer, type Socket } from "node:net";

/** A loopback TCP proxy to a server that a test can cut off, to break a client's connections on cue. */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Drops every open connection and, for `ms`, every new one (a server restart, a network blip). */
  cut(ms: number): void;
  /**
   * Lets the next client message containing `text` through, then drops its connection when the
   * server answers, before the answer reaches the client (a commit that happened but was never
   * acknowledged). Resolves once it has done so.
   */
  dropReplyTo(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port, forwarding to `port` on 127.0.0.1. */
export async function startTcpProxy(port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let cutUntil = 0;
  let armed: { text: string; done: () => void } | undefined;

  const server = createServer((client) => {
    if (Date.now() < cutUntil) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: "127.0.0.1", port });
    let dropNextReply: (() => void) | undefined;
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
      s.on("error", () => {});
    }
    client.on("data", (chunk) => {
      if (armed && chunk.includes(armed.text)) {
        dropNextReply = armed.done;
        armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (dropNextReply) {
        const done = dropNextReply;
        dropNextReply = undefined;
        client.destroy();
        upstream.destroy();
        done();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no port");

  return {
    port: address.port,
    cut(ms) {
      cutUntil = Date.now() + ms;
      for (const s of sockets) s.destroy();
    },
    dropReplyTo(text) {
      return new Promise((done) => {
        armed = { text, done };
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
