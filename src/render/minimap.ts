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

interface BaseMap {
  svg: string;
  width: number;
  height: number;
  scale: number;
}

const bases = new Map<string, BaseMap>();

/**
 * The layout map of a store for a role, without the shopper: floor, walls, fixtures or stores and
 * areas with the role's handles, the fixed waypoints, the entrance, and a legend of handles.
 */
function baseMap(env: EnvId, role: Role): BaseMap {
  const key = `${env}/${role}`;
  const cached = bases.get(key);
  if (cached) return cached;
  const ctx = storeContext(env);
  const { layout } = ctx.data;
  const scale = envDefinition(env).minimapScale;
  const mapW = layout.floor.width * scale + 2 * MARGIN;
  const height = Math.max(layout.floor.depth * scale + 2 * MARGIN, 40 + 15 * layout.navTargets.length);
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
  const label = (p: [number, number], text: string, size: number) => {
    const [x, y] = px(p).split(",").map(Number);
    labels.push(textPath(text, x!, y! + capHeight(size) / 2, size, "#111", { anchor: "middle", halo: true }));
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
  label([(e.from[0] + e.to[0]) / 2, (e.from[1] + e.to[1]) / 2], "Entrance", 10);
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
    svg: [...parts, ...labels, ...legend].join(""),
    width: mapW + LEGEND_WIDTH,
    height,
    scale,
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
): { svg: string; width: number; height: number; scale: number; margin: number } {
  const base = baseMap(env, role);
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${base.width}" height="${base.height}" viewBox="0 0 ${base.width} ${base.height}">${base.svg}</svg>`,
    width: base.width,
    height: base.height,
    scale: base.scale,
    margin: MARGIN,
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
