// Pixel buffers as GL returns them (RGBA rows bottom-up) turned into what the rest of siturec reads
// (rows top-down). Shared by the render page, which finds regions in segmentation and depth, and
// the Node side, which receives the colour image (and on request segmentation and depth).

/** Copies an image of `width`×`height` RGBA pixels at `offset` of a bottom-up buffer, top-down. */
export function flipRows(
  src: Uint8Array,
  offset: number,
  width: number,
  height: number,
): Uint8Array<ArrayBuffer> {
  const rowBytes = width * 4;
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const from = offset + (height - 1 - y) * rowBytes;
    out.set(src.subarray(from, from + rowBytes), y * rowBytes);
  }
  return out;
}

/** The colour image at the start of a bottom-up RGBA buffer as RGB, top-down (alpha is always 255). */
export function rgbRows(src: Uint8Array, width: number, height: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(width * height * 3);
  const words = new Uint32Array(src.buffer, src.byteOffset, width * height);
  for (let y = 0, o = 0; y < height; y++) {
    const end = (height - y) * width;
    for (let j = end - width; j < end; j++, o += 3) {
      const v = words[j]!;
      out[o] = v & 0xff;
      out[o + 1] = (v >>> 8) & 0xff;
      out[o + 2] = (v >>> 16) & 0xff;
    }
  }
  return out;
}

/**
 * A segmentation or depth image at `offset` of a bottom-up buffer as one value per pixel, top-down.
 * The id pass writes each value low byte first with alpha 0, so a pixel read as a 32-bit word is
 * the value (every platform siturec runs on is little-endian).
 */
export function idWords(src: Uint8Array, offset: number, width: number, height: number): Uint32Array {
  const rows = flipRows(src, offset, width, height);
  return new Uint32Array(rows.buffer, rows.byteOffset, width * height);
}
