import type { ContentPart, LlmMessage } from "../messages.js";
import { pngSize } from "../token-count.js";

/** How many images one request may carry and how large they may be (each field absent: no limit). */
export interface ImageLimits {
  /** Images in one request. */
  maxImages: number;
  /** One image file, bytes (a limit the API states on base64 is converted to file bytes). */
  maxImageBytes?: number;
  /** One image's longer side, pixels. */
  maxImageSide?: number;
  /** With more than `images` images in a request, each image's longer side at most `side` pixels. */
  manyImages?: { images: number; side: number };
  /** All image files of a request together, bytes. */
  maxTotalImageBytes?: number;
  /** The whole request body, bytes: the images as base64 and the text. */
  maxRequestBytes?: number;
}

/** What the limits are checked for: the provider (for the warnings) and the request's other bytes. */
export interface ImageLimitContext {
  provider: string;
  /** Bytes of the request besides its images (system prompt, schema, tools, message text). */
  otherBytes: number;
}

interface Found {
  message: number;
  part: number;
  bytes: number;
  side?: number;
}

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
const base64Bytes = (bytes: number) => Math.ceil(bytes / 3) * 4;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Every image part of the messages, oldest first, with its size. */
function imagesOf(messages: readonly LlmMessage[]): Found[] {
  const found: Found[] = [];
  messages.forEach((m, message) => {
    if (m.role !== "user" || typeof m.content === "string") return;
    m.content.forEach((p, part) => {
      if (p.type !== "image") return;
      const dims = pngSize(p.data);
      found.push({
        message,
        part,
        bytes: p.data.length,
        ...(dims ? { side: Math.max(dims.width, dims.height) } : {}),
      });
    });
  });
  return found;
}

/**
 * The messages within a provider's image limits: an image over the per-image size is left out, then
 * the oldest images until the count, the many-images side limit, the total image bytes and the
 * request size hold. Each image left out is replaced by a text saying so, in place (its caption, if
 * any, stays), and each reason is a warning. The roles put the oldest images first (an assistant's
 * earlier views, a conversation's first pictures), so what goes is the oldest history.
 */
export function limitImages(
  messages: LlmMessage[],
  limits: ImageLimits,
  cx: ImageLimitContext,
): { messages: LlmMessage[]; warnings: string[] } {
  const all = imagesOf(messages);
  if (!all.length) return { messages, warnings: [] };
  const warnings: string[] = [];
  let kept = all;
  const drop = (gone: Found[], why: string) => {
    if (!gone.length) return;
    kept = kept.filter((f) => !gone.includes(f));
    warnings.push(`left out ${why}`);
  };
  const tooLarge = kept.filter(
    (f) =>
      (limits.maxImageBytes !== undefined && f.bytes > limits.maxImageBytes) ||
      (limits.maxImageSide !== undefined && (f.side ?? 0) > limits.maxImageSide),
  );
  drop(
    tooLarge,
    `${plural(tooLarge.length, "image")} over ${cx.provider}'s size limit for one image (${[limits.maxImageBytes !== undefined ? size(limits.maxImageBytes) : "", limits.maxImageSide !== undefined ? `${limits.maxImageSide} px` : ""].filter(Boolean).join(", ")})`,
  );
  const total = kept.length;
  if (kept.length > limits.maxImages)
    drop(
      kept.slice(0, kept.length - limits.maxImages),
      `the ${plural(total - limits.maxImages, "oldest image", "oldest images")} of ${total}: ${cx.provider} takes at most ${limits.maxImages} images per request`,
    );
  const many = limits.manyImages;
  if (many && kept.length > many.images) {
    const wide = kept.filter((f) => (f.side ?? 0) > many.side);
    drop(
      wide,
      `${plural(wide.length, "image")} over ${many.side} px: ${cx.provider} takes at most ${many.side} px a side when a request has more than ${many.images} images`,
    );
  }
  dropOldestOver(
    kept,
    (fs) => fs.reduce((s, f) => s + f.bytes, 0),
    limits.maxTotalImageBytes,
    (gone, limit) =>
      drop(
        gone,
        `the ${plural(gone.length, "oldest image", "oldest images")}: ${cx.provider} takes at most ${size(limit)} of images per request`,
      ),
  );
  dropOldestOver(
    kept,
    (fs) => cx.otherBytes + fs.reduce((s, f) => s + base64Bytes(f.bytes), 0),
    limits.maxRequestBytes,
    (gone, limit) =>
      drop(
        gone,
        `the ${plural(gone.length, "oldest image", "oldest images")}: ${cx.provider} takes requests of at most ${size(limit)}`,
      ),
  );
  if (kept.length === all.length) return { messages, warnings };
  const gone = all.filter((f) => !kept.includes(f));
  return { messages: withoutImages(messages, gone), warnings };
}

/** Drops the oldest of `kept` while `measure` is over `limit` (no limit: nothing). */
function dropOldestOver(
  kept: Found[],
  measure: (fs: Found[]) => number,
  limit: number | undefined,
  drop: (gone: Found[], limit: number) => void,
): void {
  if (limit === undefined) return;
  let n = 0;
  while (n < kept.length && measure(kept.slice(n)) > limit) n++;
  if (n) drop(kept.slice(0, n), limit);
}

/** The text an image left out is replaced by. */
export const IMAGE_LEFT_OUT = "[image left out: over the provider's limits for one request]";

function withoutImages(messages: LlmMessage[], gone: Found[]): LlmMessage[] {
  return messages.map((m, i) => {
    const here = gone.filter((f) => f.message === i).map((f) => f.part);
    if (!here.length || m.role !== "user" || typeof m.content === "string") return m;
    const content: ContentPart[] = m.content.map((p, j) =>
      here.includes(j) ? { type: "text", text: IMAGE_LEFT_OUT } : p,
    );
    return { ...m, content };
  });
}
