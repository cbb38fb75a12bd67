import {
  CanvasTexture,
  LinearMipmapNearestFilter,
  MeshBasicMaterial,
  ShaderChunk,
  SRGBColorSpace,
} from "three";
import { ShapeKit, type UvRect } from "./shape-kit.js";

/** The label font, loaded by the page before any label is drawn (a bundled woff2, not a system font). */
export const LABEL_FONT = "SiturecLabel";

/**
 * How a label is laid out: a package front (in one of several layouts), a round lid (a package
 * front inside the circle), a shelf-edge price tag, a furniture product card, or a sign (one
 * centred name).
 */
export type LabelStyle = "package" | "lid" | "tag" | "card" | "sign";

export interface LabelText {
  /** Small line at the top (the brand). */
  top: string;
  /** The main text, wrapped and shrunk to fit (the product or sign name). */
  main: string;
  /** A word printed largest, on a line of its own above `main` (what tells the product apart). */
  hero?: string;
  /**
   * The whole name: printed in place of the hero word and `main` when it comes out nearly as large
   * as the hero word alone (a wide tag, a short name), so every word of it is large.
   */
  name?: string;
  /** A bottom line (price and size on a tag, size on a package). */
  foot?: string;
  /** A price printed bold at the bottom right of a tag. */
  price?: string;
  background: string;
  accent: string;
  style?: LabelStyle;
  /** Which package layout (any integer; packages of one brand share it, as a brand's range does). */
  variant?: number;
}

function luminance(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const DARK_INK = "#111111";

/**
 * The background luminance L where dark and white ink have the same WCAG contrast,
 * (1 + 0.05) / (L + 0.05) = (L + 0.05) / (dark + 0.05): about 0.19.
 */
const INK_SWITCH = Math.sqrt(1.05 * (luminance(DARK_INK) + 0.05)) - 0.05;

/**
 * Dark or white ink, whichever has the higher WCAG contrast on `hex` (an orange or a mid green
 * takes dark ink).
 */
export function inkFor(hex: string): string {
  return luminance(hex) > INK_SWITCH ? DARK_INK : "#ffffff";
}

function font(size: number, weight = 700): string {
  return `${weight} ${size}px ${LABEL_FONT}, "DejaVu Sans Condensed", sans-serif`;
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
  for (let size = Math.round(max); size >= min; size -= size > 40 ? 3 : 1) {
    ctx.font = font(size);
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
  ctx.font = font(min);
  return { lines: words.length ? [text] : [], size: min };
}

/** A box of the canvas, in pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A canvas texture holding many labels, one per cell, drawn in the page with the bundled font, with
 * the material and shape kit that draw with it. A label keeps the aspect of the face it goes on and
 * is centred in its cell (as large as the cell allows). The last cell is plain white, for unlabelled
 * parts.
 */
export class LabelAtlas {
  readonly canvas: HTMLCanvasElement;
  readonly texture: CanvasTexture;
  readonly white: UvRect;
  readonly kit: ShapeKit;
  readonly material: MeshBasicMaterial;
  private readonly ctx: CanvasRenderingContext2D;
  private next = 0;
  private readonly perRow: number;
  private readonly cells: number;

  constructor(
    readonly size: number,
    readonly cellW: number,
    readonly cellH: number = cellW,
  ) {
    this.canvas = document.createElement("canvas");
    this.canvas.width = size;
    this.canvas.height = size;
    this.ctx = this.canvas.getContext("2d")!;
    this.perRow = Math.floor(size / cellW);
    this.cells = this.perRow * Math.floor(size / cellH);
    const [x, y] = this.origin(this.cells - 1);
    this.ctx.fillStyle = "#ffffff";
    this.ctx.fillRect(x, y, cellW, cellH);
    this.white = this.uv({ x: x + cellW * 0.25, y: y + cellH * 0.25, w: cellW * 0.5, h: cellH * 0.5 });
    this.texture = new CanvasTexture(this.canvas);
    this.texture.colorSpace = SRGBColorSpace;
    this.texture.minFilter = LinearMipmapNearestFilter;
    this.texture.anisotropy = 4;
    this.kit = new ShapeKit(this.white);
    this.material = new MeshBasicMaterial({ map: this.texture, vertexColors: true });
    this.material.onBeforeCompile = sharpenLabels;
    this.material.customProgramCacheKey = () => "label-lod-bias";
  }

  /** How many more labels fit. */
  get room(): number {
    return this.cells - 1 - this.next;
  }

  private origin(index: number): [number, number] {
    return [(index % this.perRow) * this.cellW, Math.floor(index / this.perRow) * this.cellH];
  }

  private uv({ x, y, w, h }: Box): UvRect {
    return { u0: x / this.size, u1: (x + w) / this.size, v0: 1 - (y + h) / this.size, v1: 1 - y / this.size };
  }

  private take(): [number, number] {
    if (this.room <= 0) throw new Error("label atlas is full");
    return this.origin(this.next++);
  }

  /** Draws a label for a face `aspect` times as wide as it is tall. Returns where it went. */
  addLabel(text: LabelText, aspect: number): UvRect {
    const [cx, cy] = this.take();
    const cellAspect = this.cellW / this.cellH;
    const w = aspect >= cellAspect ? this.cellW : Math.max(8, Math.round(this.cellH * aspect));
    const h = aspect >= cellAspect ? Math.max(8, Math.round(this.cellW / aspect)) : this.cellH;
    const box = {
      x: cx + Math.floor((this.cellW - w) / 2),
      y: cy + Math.floor((this.cellH - h) / 2),
      w,
      h,
    };
    this.ctx.fillStyle = text.background;
    this.ctx.fillRect(box.x, box.y, w, h);
    switch (text.style ?? "sign") {
      case "tag":
        this.drawTag(text, box);
        break;
      case "package":
        this.drawPackage(text, box);
        break;
      case "lid":
        this.drawPackage(text, inscribed(box));
        break;
      case "card":
        this.drawProductCard(text, box);
        break;
      default:
        this.drawCard(text, box);
    }
    return this.uv(box);
  }

  /**
   * Paints a cell with `paint` (a material swatch: wood, fabric, metal) and returns its inner half,
   * so that mip levels blurring across the cell's edge never reach what a face samples.
   */
  addPainted(paint: (ctx: CanvasRenderingContext2D, box: Box) => void): UvRect {
    const [x, y] = this.take();
    paint(this.ctx, { x, y, w: this.cellW, h: this.cellH });
    const [w, h] = [this.cellW, this.cellH];
    return this.uv({ x: x + w * 0.25, y: y + h * 0.25, w: w * 0.5, h: h * 0.5 });
  }

  /** One line of text as large as fits the box, centred (or from the left edge). */
  private line(text: string, b: Box, ink: string, align: CanvasTextAlign = "center"): void {
    if (!text || b.h < 4 || b.w < 4) return;
    const fit = fitLines(this.ctx, text, b.w, b.h, 1, b.h * 0.92, 5);
    this.ctx.fillStyle = ink;
    this.ctx.textAlign = align;
    this.ctx.textBaseline = "middle";
    const x = align === "center" ? b.x + b.w / 2 : align === "left" ? b.x : b.x + b.w;
    this.ctx.fillText(fit.lines[0] ?? "", x, b.y + b.h / 2, b.w);
  }

  /**
   * Text wrapped into at most `maxLines` lines, as large as fits, centred in the box; no larger than
   * `maxShare` of the box's height (half by default: a short name does not outgrow the hero word).
   */
  private block(text: string, b: Box, ink: string, maxLines: number, maxShare = 0.5): void {
    if (!text || b.h < 4) return;
    const fit = fitLines(this.ctx, text, b.w, b.h, maxLines, Math.min(b.h * maxShare, b.w * 0.22), 5);
    const lineH = fit.size * 1.08;
    const start = b.y + (b.h - fit.lines.length * lineH) / 2 + lineH / 2;
    this.ctx.fillStyle = ink;
    this.ctx.textAlign = "center";
    this.ctx.textBaseline = "middle";
    fit.lines.forEach((l, i) => {
      this.ctx.fillText(l, b.x + b.w / 2, start + i * lineH, b.w);
    });
  }

  /**
   * The hero word alone in `heroRow` and `main` in `rest` below it, or the whole name over both rows
   * (up to three lines) when it comes out at least `WHOLE_NAME_SHARE` of the hero word's size: a
   * name wrapped onto lines of its own reads better than one word large and the rest small.
   */
  private heroAndName(
    t: LabelText,
    heroRow: Box,
    rest: Box,
    ink: string,
    align: CanvasTextAlign,
    restLines = 2,
  ): void {
    const both = { ...heroRow, h: heroRow.h + rest.h };
    const hero = fitLines(this.ctx, t.hero ?? "", heroRow.w, heroRow.h, 1, heroRow.h * 0.92, 5);
    const whole = t.name ? fitLines(this.ctx, t.name, both.w, both.h, 3, heroRow.h * 0.92, 5) : undefined;
    this.ctx.font = font(whole?.size ?? 5);
    const fits = whole?.lines.every((l) => this.ctx.measureText(l).width <= both.w);
    if (!whole || !fits || whole.size < WHOLE_NAME_SHARE * hero.size) {
      this.line(t.hero ?? "", heroRow, ink, align);
      if (restLines === 1) this.line(t.main, rest, ink, align);
      else this.block(t.main, rest, ink, restLines);
      return;
    }
    const lineH = whole.size * 1.08;
    const start = both.y + (both.h - whole.lines.length * lineH) / 2 + lineH / 2;
    const x = align === "center" ? both.x + both.w / 2 : align === "left" ? both.x : both.x + both.w;
    this.ctx.fillStyle = ink;
    this.ctx.textAlign = align;
    this.ctx.textBaseline = "middle";
    whole.lines.forEach((l, i) => {
      this.ctx.fillText(l, x, start + i * lineH, both.w);
    });
  }

  private band(b: Box, colour: string): void {
    this.ctx.fillStyle = colour;
    this.ctx.fillRect(b.x, b.y, b.w, b.h);
  }

  /**
   * A package front in one of four layouts (brand band on top; brand band at the foot; the hero
   * word on an accent stripe; an accent side bar), the hero word always the largest text, as a
   * brand's own range shares a layout while the shelf around it varies.
   */
  private drawPackage(t: LabelText, b: Box): void {
    const pad = Math.max(2, Math.round(Math.min(b.w, b.h) * 0.05));
    const inner = { x: b.x + pad, y: b.y + pad, w: b.w - 2 * pad, h: b.h - 2 * pad };
    const ink = inkFor(t.background);
    const onAccent = inkFor(t.accent);
    const hero = t.hero ?? "";
    switch ((((t.variant ?? 0) % 4) + 4) % 4) {
      case 0: {
        const [brand, heroRow, main, foot] = stack(inner, [0.16, 0.42, 0.28, 0.14]);
        this.band(brand!, t.accent);
        this.line(t.top, shrink(brand!, 0.12), onAccent);
        this.heroAndName(t, heroRow!, main!, ink, "center");
        this.line(t.foot ?? "", foot!, ink);
        break;
      }
      case 1: {
        const [heroRow, main, foot, brand] = stack(inner, [0.44, 0.26, 0.13, 0.17]);
        this.heroAndName(t, heroRow!, main!, ink, "center");
        this.line(t.foot ?? "", foot!, ink);
        this.band(brand!, t.accent);
        this.line(t.top, shrink(brand!, 0.12), onAccent);
        break;
      }
      case 2: {
        const [brand, heroRow, main, foot] = stack(inner, [0.15, 0.44, 0.27, 0.14]);
        this.line(t.top, brand!, ink);
        this.band({ x: b.x, y: heroRow!.y, w: b.w, h: heroRow!.h }, t.accent);
        this.line(hero, shrink(heroRow!, 0.06), onAccent);
        this.block(t.main, main!, ink, 2);
        this.line(t.foot ?? "", foot!, ink);
        break;
      }
      default: {
        const bar = Math.round(b.w * 0.07);
        this.band({ x: b.x, y: b.y, w: bar, h: b.h }, t.accent);
        const side = { ...inner, x: inner.x + bar, w: inner.w - bar };
        const [brand, heroRow, main, foot] = stack(side, [0.14, 0.44, 0.28, 0.14]);
        this.line(t.top, brand!, ink, "left");
        this.heroAndName(t, heroRow!, main!, ink, "left");
        this.line(t.foot ?? "", foot!, ink, "left");
      }
    }
  }

  /**
   * A shelf-edge price tag: the hero word as large as the tag's height allows, then brand and name
   * small, then size and the price in bold, as a shopper reads a shelf label from the aisle.
   */
  private drawTag(t: LabelText, b: Box): void {
    const pad = Math.max(2, Math.round(b.h * 0.05));
    const inner = { x: b.x + pad * 2, y: b.y + pad, w: b.w - 4 * pad, h: b.h - 2 * pad };
    this.band({ x: b.x, y: b.y, w: b.w, h: Math.max(2, Math.round(b.h * 0.04)) }, t.accent);
    const heroH = inner.h * 0.6;
    const detailH = inner.h * 0.16;
    this.heroAndName(
      t,
      { ...inner, h: heroH },
      { ...inner, y: inner.y + heroH, h: detailH },
      "#111111",
      "left",
      1,
    );
    const bottom = { ...inner, y: inner.y + heroH + detailH, h: inner.h - heroH - detailH };
    this.line(t.foot ?? "", { ...bottom, w: bottom.w * 0.5 }, "#333333", "left");
    this.line(
      t.price ?? "",
      { ...bottom, x: bottom.x + bottom.w * 0.5, w: bottom.w * 0.5 },
      "#111111",
      "right",
    );
  }

  /**
   * A furniture product card: the brand band, the series name large, then what the piece is and
   * its colour and size each on a line of its own, as large as fits (they tell apart two pieces of
   * one series), and the price.
   */
  private drawProductCard(t: LabelText, b: Box): void {
    const pad = Math.max(2, Math.round(Math.min(b.w, b.h) * 0.05));
    const inner = { x: b.x + pad, y: b.y + pad, w: b.w - 2 * pad, h: b.h - 2 * pad };
    const ink = inkFor(t.background);
    const [what, ...rest] = t.main.split(",").map((x) => x.trim());
    // Measurements go beside the price, so the colour (what tells two pieces of a series apart) is large.
    const size = /\s*\b\d+(?:[.,]\d+)?(?:\s*x\s*\d+(?:[.,]\d+)?)+\b.*$/;
    const joined = rest.join(", ");
    const detail = joined.replace(size, "").trim();
    const dims = joined.match(size)?.[0].trim();
    const foot = dims ? `${dims}  ${t.foot ?? ""}` : (t.foot ?? "");
    const shares = [0.1, 0.3, 0.24, detail ? 0.22 : 0, 0.14];
    const total = shares.reduce((a, c) => a + c, 0);
    const [band, hero, type, colour, price] = stack(
      inner,
      shares.map((f) => f / total),
    );
    this.band(band!, t.accent);
    this.line(t.top, shrink(band!, 0.12), inkFor(t.accent));
    this.line(t.hero ?? "", hero!, ink);
    // What the piece is wraps onto two lines rather than shrinking ("Cabinet with Doors and Drawers").
    // One line fills its row ("Bookcase", "Oak" as large as the series name beside a sibling piece);
    // a long one wraps onto two.
    this.block(what ?? "", shrink(type!, 0.04), ink, 2, 0.92);
    if (detail) this.block(detail, shrink(colour!, 0.04), ink, 2, 0.92);
    this.line(foot, shrink(price!, 0.08), ink);
  }

  /** A sign or a product card: an optional accent band with the brand, the hero word, the name, a foot. */
  private drawCard(t: LabelText, b: Box): void {
    const { x, y, w, h } = b;
    const pad = Math.max(2, Math.round(Math.min(w, h) * 0.06));
    const band = t.top ? Math.round(h * (t.hero ? 0.14 : 0.2)) : 0;
    if (band) {
      this.band({ x: x + pad, y: y + pad, w: w - 2 * pad, h: band }, t.accent);
      this.line(
        t.top,
        { x: x + 2 * pad, y: y + pad + band * 0.1, w: w - 4 * pad, h: band * 0.8 },
        inkFor(t.accent),
      );
    }
    const foot = t.foot ? Math.round(h * 0.16) : 0;
    let areaTop = y + pad + band + pad;
    let areaH = h - band - foot - 3 * pad - (foot ? pad : 0);
    const ink = inkFor(t.background);
    if (t.hero) {
      const heroH = Math.round(areaH * (t.main ? 0.6 : 1));
      this.line(t.hero, { x: x + pad, y: areaTop, w: w - 2 * pad, h: heroH }, ink);
      areaTop += heroH;
      areaH -= heroH;
    }
    if (t.main) this.block(t.main, { x: x + pad, y: areaTop, w: w - 2 * pad, h: areaH }, ink, t.hero ? 3 : 4);
    if (foot) this.line(t.foot!, { x: x + pad, y: y + h - pad - foot, w: w - 2 * pad, h: foot }, ink);
  }
}

/** How large the whole name must come out, against the hero word alone, to be printed in its place. */
const WHOLE_NAME_SHARE = 0.65;

/** How many mip levels finer than the default a label is sampled at (negative: sharper). */
const LABEL_LOD_BIAS = -1;

/**
 * Samples labels a mip level finer than the footprint asks for: with nearest-mip sampling the
 * default level blurs small print past reading (letters 10 px tall read from a level a quarter
 * their size), while a finer level keeps strokes sharp at the cost of a little shimmer.
 */
function sharpenLabels(shader: { fragmentShader: string }): void {
  shader.fragmentShader = shader.fragmentShader.replace(
    "#include <map_fragment>",
    ShaderChunk.map_fragment.replace(
      "texture2D( map, vMapUv )",
      `texture2D( map, vMapUv, ${LABEL_LOD_BIAS.toFixed(1)} )`,
    ),
  );
}

/** The box cut into rows, top to bottom, each the given share of its height. */
function stack(b: Box, shares: number[]): Box[] {
  let y = b.y;
  return shares.map((f) => {
    const row = { x: b.x, y, w: b.w, h: f * b.h };
    y += row.h;
    return row;
  });
}

/** The square inside the circle a square box's disc shows (a round lid printed from a square label). */
function inscribed(b: Box): Box {
  const side = Math.floor(Math.min(b.w, b.h) / Math.SQRT2);
  return { x: b.x + Math.round((b.w - side) / 2), y: b.y + Math.round((b.h - side) / 2), w: side, h: side };
}

/** The box less a margin of `f` of its height on every side. */
function shrink(b: Box, f: number): Box {
  const m = b.h * f;
  return { x: b.x + m, y: b.y + m, w: b.w - 2 * m, h: b.h - 2 * m };
}

/**
 * Atlases of one cell shape, opened as they fill: a store with more labels than one texture holds
 * draws the rest from a second one (with its own material), rather than failing.
 */
export class AtlasPool {
  readonly atlases: LabelAtlas[] = [];

  constructor(private readonly make: () => LabelAtlas) {}

  /** An atlas with room for `n` more labels. */
  withRoom(n = 1): LabelAtlas {
    const last = this.atlases[this.atlases.length - 1];
    if (last && last.room >= n) return last;
    const fresh = this.make();
    if (fresh.room < n) throw new Error(`a label atlas holds ${fresh.room} labels, ${n} asked for at once`);
    this.atlases.push(fresh);
    return fresh;
  }
}
