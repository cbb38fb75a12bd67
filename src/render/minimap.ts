import sharp from "sharp";
import { centroid, forwardOf, type Polygon } from "../core/geometry.js";
import { capHeight, labelPath, labelWidth } from "../core/label-font.js";
import type { EnvId } from "../core/manifest.js";
import type { Role } from "../core/roles.js";
import { wallFootprint } from "../envs/common/walls.js";
import { envDefinition } from "../envs/registry.js";
import { storeContext } from "./observer.js";

const MARGIN = 12;
const LEGEND_WIDTH = 250;

/**
 * Text as the bundled font's glyph outlines (SVG paths), never `<text>`: librsvg would draw that with
 * whatever system fonts there are, or none. `anchor` middle centres it on `x`, and `halo` draws a white
 * outline under it.
 */
function textPath(
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  opts: { anchor?: "start" | "middle"; halo?: boolean } = {},
): string {
  const left = opts.anchor === "middle" ? x - labelWidth(text, size) / 2 : x;
  const { d } = labelPath(text, left, y, size);
  const halo = opts.halo
    ? ' stroke="#fff" stroke-width="3" paint-order="stroke" stroke-linejoin="round"'
    : "";
  return `<path d="${d}" fill="${fill}"${halo}/>`;
}

/** The longest of these, in metres, whose bar fits in `SCALE_BAR_MAX` pixels. */
const SCALE_BAR_STEPS = [1, 2, 5, 10, 20, 50];
const SCALE_BAR_MAX = 150;

/** A scale bar's length in metres and pixels, for a map of `scale` pixels per metre. */
export function scaleBar(scale: number): { metres: number; px: number } {
  const metres = SCALE_BAR_STEPS.filter((m) => m * scale <= SCALE_BAR_MAX).at(-1) ?? SCALE_BAR_STEPS[0]!;
  return { metres, px: metres * scale };
}

/**
 * A north arrow ("N" beside an arrow pointing up: north is up on the map) and a scale bar in two
 * halves, black and white, with its length written after it; `x` is the left, `y` the baseline.
 */
function compassAndScale(x: number, y: number, scale: number): string {
  const arrow = `<polygon points="${x + 6},${y - 16} ${x + 11},${y - 7} ${x + 7},${y - 8} ${x + 7},${y + 1} ${x + 5},${y + 1} ${x + 5},${y - 8} ${x + 1},${y - 7}" fill="#111"/>`;
  const north = textPath("N", x + 15, y, 11, "#111");
  const bar = scaleBar(scale);
  const bx = x + 40;
  const half = bar.px / 2;
  const rects =
    `<rect x="${bx}" y="${y - 6}" width="${half}" height="5" fill="#111"/>` +
    `<rect x="${bx + half}" y="${y - 6}" width="${half}" height="5" fill="#fff"/>` +
    `<rect x="${bx + 0.5}" y="${y - 5.5}" width="${bar.px - 1}" height="4" fill="none" stroke="#111" stroke-width="1"/>`;
  return arrow + north + rects + textPath(`${bar.metres} m`, bx + bar.px + 6, y, 11, "#111");
}

/** Where a map label's text sits, in pixels of the map (`bottom` is its baseline). */
export interface LabelBox {
  /** The label's text. */
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The gap kept between a label and the map's edge (a halo is 1.5 px wide). */
const LABEL_PAD = 3;

/**
 * A label centred on `at`, moved only as far as it must be to lie whole on the map drawing (the
 * floor and its margin, not the legend): an entrance in a side wall centres "Entrance" on the
 * map's edge, which would cut it in half.
 */
export function placeLabel(
  text: string,
  size: number,
  at: [number, number],
  map: { width: number; height: number },
): LabelBox {
  const w = labelWidth(text, size);
  const cap = capHeight(size);
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  const left = clamp(at[0] - w / 2, LABEL_PAD, map.width - LABEL_PAD - w);
  const bottom = clamp(at[1] + cap / 2, LABEL_PAD + cap, map.height - LABEL_PAD);
  return { text, left, right: left + w, top: bottom - cap, bottom };
}

/**
 * Where "Entrance" is centred for a doorway in the west or east wall: inside the floor, along the
 * wall, just north of the doorway. Centred on such a doorway it would hang off the map and cover
 * the shopper's start; a doorway in the north or south wall takes its label across it (undefined).
 */
function sideDoorLabel(
  e: { from: [number, number]; to: [number, number] },
  mapW: number,
  scale: number,
): [number, number] | undefined {
  if (e.from[0] !== e.to[0]) return undefined;
  const w = labelWidth("Entrance", 10);
  const west = e.from[0] * scale < (mapW - 2 * MARGIN) / 2;
  const x = west ? MARGIN + 3 + w / 2 : mapW - MARGIN - 3 - w / 2;
  return [x, MARGIN + Math.min(e.from[1], e.to[1]) * scale - 4 - capHeight(10) / 2];
}

interface BaseMap {
  svg: string;
  width: number;
  height: number;
  scale: number;
  /** The labels drawn on the floor plan: handles and the entrance. */
  labels: LabelBox[];
}

const bases = new Map<string, BaseMap>();

/**
 * The layout map of a store for a role, without the shopper: floor, walls, fixtures or stores and
 * areas with the role's handles, the fixed waypoints, the entrance, a legend of handles, and under it
 * a north arrow and a scale bar.
 */
function baseMap(env: EnvId, role: Role): BaseMap {
  const key = `${env}/${role}`;
  const cached = bases.get(key);
  if (cached) return cached;
  const ctx = storeContext(env);
  const { layout } = ctx.data;
  const scale = envDefinition(env).minimapScale;
  const mapW = layout.floor.width * scale + 2 * MARGIN;
  // The legend's lines, then a row for the north arrow and the scale bar under them.
  const footer = 24 + 15 * layout.navTargets.length + 12;
  const height = Math.max(layout.floor.depth * scale + 2 * MARGIN, footer + 12);
  const px = ([x, z]: [number, number]) =>
    `${(MARGIN + x * scale).toFixed(1)},${(MARGIN + z * scale).toFixed(1)}`;
  const poly = (p: Polygon, fill: string, stroke: string, extra = "") =>
    `<polygon points="${p.map((q) => px(q as [number, number])).join(" ")}" fill="${fill}" stroke="${stroke}" stroke-width="1" ${extra}/>`;
  const parts: string[] = [
    `<rect width="${mapW + LEGEND_WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<rect x="${MARGIN}" y="${MARGIN}" width="${layout.floor.width * scale}" height="${layout.floor.depth * scale}" fill="#f4f1ea"/>`,
  ];
  const handles = ctx.handles[role];
  const labels: string[] = [];
  const boxes: LabelBox[] = [];
  const label = (p: [number, number], text: string, size: number, at?: [number, number]) => {
    const [x, y] = at ?? (px(p).split(",").map(Number) as [number, number]);
    const box = placeLabel(text, size, [x!, y!], { width: mapW, height });
    boxes.push(box);
    labels.push(textPath(text, box.left, box.bottom, size, "#111", { halo: true }));
  };
  for (const t of layout.navTargets) {
    if (t.type === "store") parts.push(poly(t.footprint, "#ece6da", "#8a8174"));
  }
  for (const t of layout.navTargets) {
    if (t.type === "area") {
      parts.push(poly(t.footprint, "#dfe9dc", "#7d9a76"));
      for (const p of t.plinths) parts.push(poly(p.footprint, "#c9c3b8", "none"));
    }
    if (t.type === "fixture") parts.push(poly(t.footprint, "#9aa7b4", "#33414f"));
  }
  for (const w of layout.walls) parts.push(poly(wallFootprint(w), "#3a3a3a", "#3a3a3a"));
  for (const wp of layout.waypoints) {
    const [x, y] = px([wp.x, wp.z]).split(",").map(Number);
    parts.push(`<circle cx="${x}" cy="${y}" r="2.5" fill="#6b7c8f"/>`);
    parts.push(textPath(wp.id, x! + 4, y! - 3, 8, "#6b7c8f"));
  }
  for (const t of layout.navTargets) {
    const handle = handles.get(t.id)!;
    if (t.type === "store") {
      const c = centroid(t.footprint);
      label([c[0], t.yaw === 180 ? c[1] - 1 : c[1] + 1], handle, 16);
    } else label(centroid(t.footprint) as [number, number], handle, t.type === "area" ? 12 : 12);
  }
  const e = layout.entrance;
  label(
    [(e.from[0] + e.to[0]) / 2, (e.from[1] + e.to[1]) / 2],
    "Entrance",
    10,
    sideDoorLabel(e, mapW, scale),
  );
  const legend = layout.navTargets.map((t, i) => {
    const indent = t.type === "area" ? 14 : 0;
    const handle = handles.get(t.id)!;
    const x = mapW + 10 + indent;
    const y = 24 + i * 15;
    return (
      textPath(handle, x, y, 11, "#111") + textPath(t.name, x + labelWidth(`${handle}  `, 11), y, 11, "#333")
    );
  });
  const base: BaseMap = {
    svg: [...parts, ...labels, ...legend, compassAndScale(mapW + 10, footer, scale)].join(""),
    width: mapW + LEGEND_WIDTH,
    height,
    scale,
    labels: boxes,
  };
  bases.set(key, base);
  return base;
}

/**
 * The layout map of a store for a role as an SVG document, without the shopper, and where a floor
 * point (x, z in metres) lands on it: `margin + x * scale`, `margin + z * scale` pixels. The web
 * viewer draws an episode's path over it.
 */
export function minimapSvg(
  env: EnvId,
  role: Role,
): { svg: string; width: number; height: number; scale: number; margin: number; labels: LabelBox[] } {
  const base = baseMap(env, role);
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${base.width}" height="${base.height}" viewBox="0 0 ${base.width} ${base.height}">${base.svg}</svg>`,
    width: base.width,
    height: base.height,
    scale: base.scale,
    margin: MARGIN,
    labels: base.labels,
  };
}

/** The layout map with the shopper's position and heading, as PNG, for one role. */
export function minimap(
  env: EnvId,
  role: Role,
  pose: { x: number; z: number; yaw: number },
): Promise<Buffer> {
  const base = baseMap(env, role);
  const cx = MARGIN + pose.x * base.scale;
  const cy = MARGIN + pose.z * base.scale;
  const [fx, fz] = forwardOf(pose.yaw);
  const tip = [cx + fx * 16, cy + fz * 16];
  const left = [cx - fz * 7, cy + fx * 7];
  const right = [cx + fz * 7, cy - fx * 7];
  const marker = `<polygon points="${tip.join(",")} ${left.join(",")} ${right.join(",")}" fill="#e0262b" stroke="#fff" stroke-width="1.5"/><circle cx="${cx}" cy="${cy}" r="5" fill="#e0262b" stroke="#fff" stroke-width="1.5"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${base.width}" height="${base.height}">${base.svg}${marker}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
