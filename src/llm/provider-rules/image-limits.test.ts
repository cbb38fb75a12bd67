import { describe, expect, it } from "vitest";
import type { ContentPart, LlmMessage } from "../messages.js";
import { fakePng } from "../testing/fake-png.js";
import { IMAGE_LEFT_OUT, limitImages } from "./image-limits.js";

const MB = 1024 * 1024;
const cx = { provider: "anthropic", otherBytes: 0 };
const picture = (n: number, w = 640, h = 480, bytes = 64): ContentPart[] => [
  { type: "text", text: `view ${n}:` },
  { type: "image", data: fakePng(w, h, bytes), mediaType: "image/png" },
];
const imagesOf = (messages: LlmMessage[]) =>
  messages.flatMap((m) => (m.role === "user" && typeof m.content !== "string" ? m.content : []));
const count = (messages: LlmMessage[]) => imagesOf(messages).filter((p) => p.type === "image").length;
const captionsKept = (messages: LlmMessage[]) =>
  imagesOf(messages).flatMap((p, i, all) =>
    p.type === "image" && all[i - 1]?.type === "text" ? [(all[i - 1] as { text: string }).text] : [],
  );

describe("images within a provider's limits", () => {
  it("leaves out the oldest images over the count, in place, captions kept, with a warning", () => {
    const messages: LlmMessage[] = [
      { role: "user", content: Array.from({ length: 101 }, (_, i) => picture(i)).flat() },
    ];
    const out = limitImages(messages, { maxImages: 100 }, cx);
    expect(count(out.messages)).toBe(100);
    expect(captionsKept(out.messages)[0]).toBe("view 1:");
    expect(imagesOf(out.messages).slice(0, 2)).toEqual([
      { type: "text", text: "view 0:" },
      { type: "text", text: IMAGE_LEFT_OUT },
    ]);
    expect(out.warnings).toEqual([
      "left out the 1 oldest image of 101: anthropic takes at most 100 images per request",
    ]);
    // Within the limits: the same messages, no warning.
    const fine = limitImages(out.messages, { maxImages: 100 }, cx);
    expect(fine.messages).toBe(out.messages);
    expect(fine.warnings).toEqual([]);
  });

  it("counts images across messages, oldest message first", () => {
    const messages: LlmMessage[] = [
      { role: "user", content: picture(0) },
      { role: "assistant", content: "ok" },
      { role: "user", content: [...picture(1), ...picture(2)] },
    ];
    const out = limitImages(messages, { maxImages: 2 }, cx);
    expect(out.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "view 0:" },
        { type: "text", text: IMAGE_LEFT_OUT },
      ],
    });
    expect(out.messages[2]).toBe(messages[2]);
  });

  it("an image over the per-image size goes whatever its age; over 20 images, those over 2000 px go", () => {
    const big = limitImages(
      [{ role: "user", content: [...picture(0), ...picture(1, 9000, 100), ...picture(2)] }],
      { maxImages: 100, maxImageSide: 8000, maxImageBytes: 3 * MB },
      cx,
    );
    expect(captionsKept(big.messages)).toEqual(["view 0:", "view 2:"]);
    expect(big.warnings[0]).toMatch(/1 image over anthropic's size limit for one image \(3\.0 MB, 8000 px\)/);
    const many: LlmMessage[] = [
      {
        role: "user",
        content: Array.from({ length: 22 }, (_, i) => picture(i, i === 5 ? 2560 : 1280, 720)).flat(),
      },
    ];
    const out = limitImages(many, { maxImages: 100, manyImages: { images: 20, side: 2000 } }, cx);
    expect(count(out.messages)).toBe(21);
    expect(captionsKept(out.messages)).not.toContain("view 5:");
    // With 20 images or fewer, 2560 px is fine.
    const few = limitImages(
      [{ role: "user", content: picture(0, 2560, 1440) }],
      { maxImages: 100, manyImages: { images: 20, side: 2000 } },
      cx,
    );
    expect(count(few.messages)).toBe(1);
  });

  it("keeps the request under its byte limit (images as base64, text included), oldest first", () => {
    const messages: LlmMessage[] = [
      { role: "user", content: [0, 1, 2, 3].flatMap((i) => picture(i, 640, 480, 3 * MB)) },
    ];
    const out = limitImages(
      messages,
      { maxImages: 100, maxRequestBytes: 10 * MB },
      { ...cx, otherBytes: MB },
    );
    // 4 MB of base64 each: with 1 MB of text, two fit in 10 MB.
    expect(captionsKept(out.messages)).toEqual(["view 2:", "view 3:"]);
    expect(out.warnings).toEqual([
      "left out the 2 oldest images: anthropic takes requests of at most 10.0 MB",
    ]);
    const total = limitImages(messages, { maxImages: 100, maxTotalImageBytes: 7 * MB }, cx);
    expect(count(total.messages)).toBe(2);
  });
});
