import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { wordsOf } from "./distinctive-words.js";

const run = promisify(execFile);

/** Tesseract's version line, or undefined when it is not installed (it is never a runtime dependency). */
export async function tesseractVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await run("tesseract", ["--version"]);
    return `${stdout}${stderr}`.split("\n")[0]?.trim();
  } catch {
    return undefined;
  }
}

/** A rectangle of a frame, in pixels. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The words tesseract reads in an RGB frame (or in one `region` of it), lower-case. The frame is
 * made grey first (tesseract's own binarisation loses most coloured labels: measured, it reads
 * almost nothing of a colour view whose grey version it reads well); page segmentation mode 11
 * (sparse text) suits a view of many small labels; `scale` enlarges the image first (Lanczos).
 */
export async function ocrWords(
  rgb: Buffer,
  width: number,
  height: number,
  scale = 1,
  region?: PixelBox,
): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "siturec-ocr-"));
  try {
    const file = join(dir, "view.png");
    let image = sharp(rgb, { raw: { width, height, channels: 3 } }).grayscale();
    // A region is stretched to full contrast, as a reader's eye adapts to the one label it looks at.
    if (region) image = sharp(await image.extract(region).png().toBuffer()).normalise();
    const [w, h] = region ? [region.width, region.height] : [width, height];
    if (scale !== 1)
      image = image.resize(Math.round(w * scale), Math.round(h * scale), { kernel: "lanczos3" });
    await writeFile(file, await image.png().toBuffer());
    const { stdout } = await run("tesseract", [file, "stdout", "--psm", "11"], {
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      maxBuffer: 4 << 20,
    });
    return wordsOf(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
