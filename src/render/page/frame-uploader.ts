// How the render page sends a frame's bytes to Node: one binary POST per frame, made from a shared
// worker when the browser has them.
//
// Why a shared worker: Playwright enables the DevTools network agent on every page and dedicated
// worker it drives, and that agent keeps each request's body for `Network.getRequestPostData`, up
// to 200 MB per page (Blink's default, which Playwright does not let us lower). A store's frames
// fill that within a few hundred uploads: the browser process held ~200 MB of old frames until the
// page closed. Playwright does not attach to shared workers, so their requests are kept by nobody.

/**
 * Sends `parts`, concatenated, as the body of a POST to `url`; rejects unless the answer is 2xx.
 * The parts must stay as they are until the promise settles (a frame may be sent again from them).
 */
export type FrameUpload = (url: string, parts: Uint8Array<ArrayBuffer>[]) => Promise<void>;

/** Sends frames, and says which way they go (the render page's `info()` tells Node). */
export interface FrameUploader {
  upload: FrameUpload;
  /** `shared-worker` while the worker serves; `page` without shared workers or after the worker died. */
  via(): "shared-worker" | "page";
}

interface WorkerRequest {
  id: number;
  url: string;
  body: ArrayBuffer;
}
type WorkerReply = { ready: true } | { id: number; status: number } | { id: number; error: string };

// A worker that has not answered a frame in this long is taken for dead: the frame goes from the
// page. Only a last resort: a worker that ends is noticed at once through its lock.
const WORKER_SILENCE_MS = 30_000;

// Runs in the worker, from its source text: it may use nothing from outside its own body.
function workerMain(scope: {
  name: string;
  onconnect: ((event: { ports: readonly MessagePort[] }) => void) | null;
}): void {
  let sent = 0;
  scope.onconnect = async ({ ports }) => {
    const port = ports[0];
    if (!port) return;
    port.onmessage = async ({ data }: MessageEvent<WorkerRequest>) => {
      try {
        const response = await fetch(data.url, { method: "POST", body: data.body });
        port.postMessage({ id: data.id, status: response.status } satisfies WorkerReply);
      } catch (err) {
        port.postMessage({ id: data.id, error: String(err) } satisfies WorkerReply);
      }
      // The bodies are external memory V8 hardly feels: collect now and then.
      if (++sent % 4 === 0) (globalThis as unknown as { gc?: () => void }).gc?.();
    };
    // Held for the worker's life: the page, waiting for the same lock, is told when the worker ends.
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    if (locks)
      await new Promise<void>((held) => {
        locks
          .request(scope.name, () => {
            held();
            return new Promise(() => {});
          })
          .catch(() => {}); // no lock, no "ready": the page falls back on silence alone
      });
    port.postMessage({ ready: true } satisfies WorkerReply);
  };
}

/** One buffer holding `parts` back to back, the caller's to give away (the parts are reused per frame). */
function concat(parts: Uint8Array<ArrayBuffer>[]): ArrayBuffer {
  const body = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.byteLength;
  }
  return body.buffer;
}

/** Uploads straight from the page: for a browser without shared workers, or once the worker died. */
function pageUpload(): FrameUpload {
  let sent = 0;
  return async (url, parts) => {
    const response = await fetch(url, { method: "POST", body: new Blob(parts) });
    if (!response.ok) throw new Error(`frame upload failed: ${response.status}`);
    // Each frame's Blob holds its megabytes in the browser until V8 collects it, and V8 does not feel
    // that memory; without a collection now and then, uploads fail after a few hundred frames.
    if (++sent % 40 === 0) (globalThis as unknown as { gc?: () => void }).gc?.();
  };
}

interface Pending {
  url: string;
  parts: Uint8Array<ArrayBuffer>[];
  resolve: () => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The page's uploader: through its own shared worker where there are shared workers. Should the
 * worker end or fall silent, the frames it had and all later ones go from the page itself.
 */
export function frameUploader(): FrameUploader {
  const direct = pageUpload();
  if (typeof SharedWorker === "undefined") return { upload: direct, via: () => "page" };
  const source = `(${workerMain.toString()})(self);`;
  const script = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  // A name of its own (also its lock's): two render pages never share, nor wait on, one worker.
  // Not crypto.randomUUID(): a page server on another host is no secure context, and has none.
  const name = `siturec-upload-${performance.timeOrigin}-${Math.random().toString(36).slice(2)}`;
  const worker = new SharedWorker(script, { name });
  const pending = new Map<number, Pending>();
  let next = 0;
  let dead = false;
  const resend = (p: Pending) => direct(p.url, p.parts).then(p.resolve, p.reject);
  const die = () => {
    if (dead) return;
    dead = true;
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      void resend(p);
    }
    pending.clear();
  };
  worker.port.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
    if ("ready" in data) {
      // Granted only when the worker, which holds it, has ended.
      (navigator as Navigator & { locks?: LockManager }).locks?.request(name, die);
      return;
    }
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    clearTimeout(p.timer);
    if ("error" in data) p.reject(new Error(`frame upload failed: ${data.error}`));
    else if (data.status < 200 || data.status >= 300)
      p.reject(new Error(`frame upload failed: ${data.status}`));
    else p.resolve();
  };
  worker.onerror = die;
  const upload: FrameUpload = (url, parts) => {
    if (dead) return direct(url, parts);
    return new Promise<void>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(die, WORKER_SILENCE_MS);
      pending.set(id, { url, parts, resolve, reject, timer });
      const body = concat(parts);
      worker.port.postMessage({ id, url, body } satisfies WorkerRequest, [body]);
    });
  };
  return { upload, via: () => (dead ? "page" : "shared-worker") };
}
