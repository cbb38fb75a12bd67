// Pixel buffers as GL returns them (RGBA rows bottom-up) turned into what the rest of siturec reads
// (rows top-down). Shared by the render page, which finds regions in segmentation and depth, and
// the Node side, which receives the colour image (and on request segmentation and depth).

/**
 * Copies an image of `width`×`height` RGBA pixels at `offset` of a bottom-up buffer, top-down, into
 * `out` (a new buffer if not given: the render page reuses its own, a fresh megabyte a frame cost it
 * more than the copy).
 */
export function flipRows(
  src: Uint8Array,
  offset: number,
  width: number,
  height: number,
  out = new Uint8Array(width * height * 4),
): Uint8Array<ArrayBuffer> {
  const rowBytes = width * 4;
  for (let y = 0; y < height; y++) {
    const from = offset + (height - 1 - y) * rowBytes;
    out.set(src.subarray(from, from + rowBytes), y * rowBytes);
  }
  return out;
}

/**
 * The colour image at the start of a bottom-up RGBA buffer as RGB, top-down (alpha is always 255),
 * into `out` (a new buffer if not given). Where rows are whole words (a width divisible by 4, as
 * every render size is) four pixels are packed into three words: a third of the time of byte writes.
 */
export function rgbRows(
  src: Uint8Array,
  width: number,
  height: number,
  out = new Uint8Array(width * height * 3),
): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(src.buffer, src.byteOffset, width * height);
  if (width % 4 === 0 && out.byteOffset % 4 === 0) {
    const packed = new Uint32Array(out.buffer, out.byteOffset, (width * height * 3) / 4);
    for (let y = 0, o = 0; y < height; y++) {
      const end = (height - y) * width;
      for (let j = end - width; j < end; j += 4, o += 3) {
        const a = words[j]!;
        const b = words[j + 1]!;
        const c = words[j + 2]!;
        const d = words[j + 3]!;
        packed[o] = (a & 0xffffff) | (b << 24);
        packed[o + 1] = ((b >>> 8) & 0xffff) | (c << 16);
        packed[o + 2] = ((c >>> 16) & 0xff) | (d << 8);
      }
    }
    return out;
  }
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
export function idWords(
  src: Uint8Array,
  offset: number,
  width: number,
  height: number,
  out?: Uint32Array<ArrayBuffer>,
): Uint32Array {
  const rows = flipRows(
    src,
    offset,
    width,
    height,
    out && new Uint8Array(out.buffer, out.byteOffset, out.byteLength),
  );
  return new Uint32Array(rows.buffer, rows.byteOffset, width * height);
}
