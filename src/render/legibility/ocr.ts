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

/**
 * The words tesseract reads in an RGBA frame, lower-case. The frame is made grey first (tesseract's
 * own binarisation loses most coloured labels: measured, it reads almost nothing of a colour view
 * whose grey version it reads well); page segmentation mode 11 (sparse text) suits a view of many
 * small labels; `scale` enlarges the image first (Lanczos).
 */
export async function ocrWords(rgba: Buffer, width: number, height: number, scale = 1): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "siturec-ocr-"));
  try {
    const file = join(dir, "view.png");
    let image = sharp(rgba, { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .grayscale();
    if (scale !== 1)
      image = image.resize(Math.round(width * scale), Math.round(height * scale), { kernel: "lanczos3" });
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
