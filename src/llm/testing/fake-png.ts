/**
 * A buffer that reads as a PNG of `width` × `height` (signature and IHDR header, as `pngSize` reads
 * them), padded to `bytes`: enough for tests of image counts and sizes, not a decodable image.
 */
export function fakePng(width: number, height: number, bytes = 64): Buffer {
  const b = Buffer.alloc(Math.max(33, bytes));
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write("IHDR", 12, "latin1");
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}
