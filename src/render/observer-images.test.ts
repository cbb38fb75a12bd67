import { describe, expect, it, vi } from "vitest";
import { observeFrame } from "./observer.js";
import type { RawFrame } from "./render-service.js";

// Every PNG the project encodes goes through sharp's `.png()`: counted here, wherever it is called from.
const encoded = vi.hoisted(() => ({ n: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = (
    (await importOriginal()) as { default: (...args: unknown[]) => { png: (...a: unknown[]) => unknown } }
  ).default;
  const counting = (...args: unknown[]) => {
    const image = real(...args);
    const png = image.png.bind(image);
    image.png = (...a: unknown[]) => {
      encoded.n++;
      return png(...a);
    };
    return image;
  };
  return { default: counting };
});

const W = 320;
const H = 240;
const frame = (): RawFrame => ({
  width: W,
  height: H,
  rgb: Buffer.alloc(W * H * 3, 100),
  regions: { products: [], targets: [] },
  timings: { rgbMs: 1, idsMs: 1, regionsMs: 1, postMs: 1, totalMs: 4 },
});
const pose = { x: 8.1, z: 10.5, yaw: 90, pitch: -10 };

describe("observeFrame's images", () => {
  it("encodes one PNG per role by default", async () => {
    encoded.n = 0;
    const obs = await observeFrame("supermarket", pose, frame());
    expect(encoded.n).toBe(2);
    expect(obs.roles.assistant.image.subarray(1, 4).toString()).toBe("PNG");
    expect(obs.roles.shopper.image.length).toBeGreaterThan(0);
  });

  it("with images off encodes no PNG and draws no overlay, and keeps the lists", async () => {
    encoded.n = 0;
    const raw = frame();
    const obs = await observeFrame("supermarket", pose, raw, { images: false });
    expect(encoded.n).toBe(0);
    expect(obs.roles.assistant.image.length).toBe(0);
    expect(obs.roles.shopper.image.length).toBe(0);
    expect(obs.badges).toBeUndefined();
    expect(obs.timings.overlayMs).toBe(0);
    expect(raw.rgb.every((b) => b === 100)).toBe(true);
    expect(obs.roles.assistant.role).toBe("assistant");
    expect(obs.roles.shopper.caption).toBe(
      (await observeFrame("supermarket", pose, frame())).roles.shopper.caption,
    );
  });

  it("refuses to annotate a frame rendered without colour, instead of drawing on nothing", async () => {
    const bare = { ...frame(), rgb: Buffer.alloc(0) };
    await expect(observeFrame("supermarket", pose, bare)).rejects.toThrow(/colour: false/);
    const obs = await observeFrame("supermarket", pose, bare, { images: false });
    expect(obs.roles.shopper.image.length).toBe(0);
  });
});
