import { CanvasTexture, LinearMipmapNearestFilter, SRGBColorSpace } from "three";
import type { UvRect } from "./shape-kit.js";

/** The label font, loaded by the page before any label is drawn (a bundled woff2, not a system font). */
export const LABEL_FONT = "SiturecLabel";

export interface LabelText {
  /** Small line at the top (the brand). */
  top: string;
  /** The main text, wrapped and shrunk to fit (the product or sign name). */
  main: string;
  /** A word printed largest, on a line of its own above `main` (what tells the product apart). */
  hero?: string;
  /** A bottom line (price and size on a tag, size on a package). */
  foot?: string;
  background: string;
  accent: string;
}

function luminance(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Black or white, whichever reads better on `hex` (WCAG contrast). */
export function inkFor(hex: string): string {
  return luminance(hex) > 0.3 ? "#111111" : "#ffffff";
}

/** Wraps `text` into at most `maxLines` lines of `width`, shrinking the font from `max` towards `min`. */
function fitLines(
  ctx: CanvasRenderingContext2D,
  text: string,
  width: number,
  height: number,
  maxLines: number,
  max: number,
  min: number,
): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean);
  for (let size = max; size >= min; size -= 2) {
    ctx.font = `700 ${size}px ${LABEL_FONT}, "DejaVu Sans Condensed", sans-serif`;
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (ctx.measureText(next).width <= width) line = next;
      else {
        if (line) lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    const fitsWide = lines.every((l) => ctx.measureText(l).width <= width);
    if (fitsWide && lines.length <= maxLines && lines.length * size * 1.08 <= height) return { lines, size };
  }
  ctx.font = `700 ${min}px ${LABEL_FONT}, "DejaVu Sans Condensed", sans-serif`;
  return { lines: words.length ? [text] : [], size: min };
}

/**
 * A canvas texture holding many labels, one per cell, drawn in the page with the bundled font:
 * package fronts with brand and name, and signs. Cells are square; a label keeps the aspect of the
 * face it goes on and is centred in its cell. The last cell is plain white, for unlabelled parts.
 */
export class LabelAtlas {
  readonly canvas: HTMLCanvasElement;
  readonly texture: CanvasTexture;
  readonly white: UvRect;
  private readonly ctx: CanvasRenderingContext2D;
  private next = 0;
  private readonly perRow: number;

  constructor(
    readonly size: number,
    readonly cell: number,
  ) {
    this.canvas = document.createElement("canvas");
    this.canvas.width = size;
    this.canvas.height = size;
    this.ctx = this.canvas.getContext("2d")!;
    this.perRow = size / cell;
    const last = this.perRow * this.perRow - 1;
    const [x, y] = this.origin(last);
    this.ctx.fillStyle = "#ffffff";
    this.ctx.fillRect(x, y, cell, cell);
    this.white = this.uv(x + cell * 0.25, y + cell * 0.25, cell * 0.5, cell * 0.5);
    this.texture = new CanvasTexture(this.canvas);
    this.texture.colorSpace = SRGBColorSpace;
    this.texture.minFilter = LinearMipmapNearestFilter;
    this.texture.anisotropy = 4;
  }

  private origin(index: number): [number, number] {
    return [(index % this.perRow) * this.cell, Math.floor(index / this.perRow) * this.cell];
  }

  private uv(x: number, y: number, w: number, h: number): UvRect {
    return { u0: x / this.size, u1: (x + w) / this.size, v0: 1 - (y + h) / this.size, v1: 1 - y / this.size };
  }

  private take(): [number, number] {
    if (this.next >= this.perRow * this.perRow - 1) throw new Error("label atlas is full");
    return this.origin(this.next++);
  }

  /**
   * Draws a label for a face `aspect` times as wide as it is tall: an accent band with the brand,
   * then the name, wrapped and as large as fits. Returns where it went.
   */
  addLabel(text: LabelText, aspect: number): UvRect {
    const [cx, cy] = this.take();
    const w = aspect >= 1 ? this.cell : Math.max(8, Math.round(this.cell * aspect));
    const h = aspect >= 1 ? Math.max(8, Math.round(this.cell / aspect)) : this.cell;
    const x = cx + Math.floor((this.cell - w) / 2);
    const y = cy + Math.floor((this.cell - h) / 2);
    const ctx = this.ctx;
    ctx.fillStyle = text.background;
    ctx.fillRect(x, y, w, h);
    const pad = Math.max(2, Math.round(Math.min(w, h) * 0.06));
    const band = text.top ? Math.round(h * (text.hero ? 0.14 : 0.2)) : 0;
    if (band) {
      ctx.fillStyle = text.accent;
      ctx.fillRect(x + pad, y + pad, w - 2 * pad, band);
      const brand = fitLines(ctx, text.top, w - 4 * pad, band * 0.8, 1, Math.round(band * 0.8), 6);
      ctx.fillStyle = inkFor(text.accent);
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(brand.lines[0] ?? "", x + w / 2, y + pad + band / 2, w - 4 * pad);
    }
    const foot = text.foot ? Math.round(h * 0.16) : 0;
    let areaTop = y + pad + band + pad;
    let areaH = h - band - foot - 3 * pad - (foot ? pad : 0);
    ctx.fillStyle = inkFor(text.background);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (text.hero) {
      const heroH = Math.round(areaH * (text.main ? 0.6 : 1));
      const hero = fitLines(ctx, text.hero, w - 2 * pad, heroH, 1, Math.round(heroH * 0.92), 6);
      ctx.fillText(hero.lines[0] ?? "", x + w / 2, areaTop + heroH / 2, w - 2 * pad);
      areaTop += heroH;
      areaH -= heroH;
    }
    if (text.main) this.lines(text.main, x + w / 2, areaTop, w - 2 * pad, areaH, text.hero ? 3 : 4);
    if (foot) {
      const line = fitLines(ctx, text.foot!, w - 2 * pad, foot, 1, Math.round(foot * 0.9), 6);
      ctx.fillText(line.lines[0] ?? "", x + w / 2, y + h - pad - foot / 2, w - 2 * pad);
    }
    return this.uv(x, y, w, h);
  }

  /** Draws `text` wrapped into at most `maxLines` lines, centred in the box below `top`. */
  private lines(
    text: string,
    cx: number,
    top: number,
    width: number,
    height: number,
    maxLines: number,
  ): void {
    const ctx = this.ctx;
    const fit = fitLines(
      ctx,
      text,
      width,
      height,
      maxLines,
      Math.round(Math.min(height * 0.5, width * 0.22)),
      6,
    );
    const lineH = fit.size * 1.08;
    const start = top + (height - fit.lines.length * lineH) / 2 + lineH / 2;
    fit.lines.forEach((line, i) => {
      ctx.fillText(line, cx, start + i * lineH, width);
    });
  }
}
