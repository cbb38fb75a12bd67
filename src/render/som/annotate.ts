import sharp from "sharp";
import type { RoleView } from "./role-view.js";

/** Outline colours for product regions, cycled by handle (high contrast on shelves). */
const PALETTE = [
  "#ff3b30",
  "#ffcc00",
  "#34c759",
  "#00c7ff",
  "#ff2d92",
  "#ff9500",
  "#af52de",
  "#5ac8fa",
  "#a2ff00",
  "#ffffff",
];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function badge(
  x: number,
  y: number,
  text: string,
  fill: string,
  ink: string,
  width: number,
  height: number,
): string {
  const w = 8 + text.length * 7.5;
  const h = 16;
  const bx = Math.min(Math.max(0, x), width - w);
  const by = Math.min(Math.max(0, y - h), height - h);
  return `<rect x="${bx}" y="${by}" width="${w}" height="${h}" rx="3" fill="${fill}" stroke="#000" stroke-width="1"/><text x="${bx + w / 2}" y="${by + 12.5}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="13" fill="${ink}">${escapeXml(text)}</text>`;
}

/** The Set-of-Mark overlay of one role's view as SVG: product outlines, target boxes, labels on top. */
export function overlaySvg(view: RoleView, width: number, height: number): string {
  const shapes: string[] = [];
  const labels: string[] = [];
  for (const t of view.targets) {
    const { x0, y0, x1, y1 } = t.box;
    shapes.push(
      `<rect x="${x0 + 0.5}" y="${y0 + 0.5}" width="${x1 - x0}" height="${y1 - y0}" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="6 4"/>`,
    );
    labels.push(badge(x0 + 2, y0 + 18, t.handle, "#1c1c1e", "#ffffff", width, height));
  }
  const colourOf = new Map<string, string>();
  for (const m of view.marks) {
    const colour = colourOf.get(m.handle) ?? PALETTE[colourOf.size % PALETTE.length]!;
    colourOf.set(m.handle, colour);
    const d = m.rings.map((ring) => `M${ring.map(([x, y]) => `${x},${y}`).join("L")}Z`).join("");
    shapes.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round"/>`);
    // All regions of a product share one label, placed at its largest region.
    if (m.anchor) labels.push(badge(m.anchor[0], m.anchor[1], m.handle, colour, "#000000", width, height));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join("")}${labels.join("")}</svg>`;
}

/** The annotated first-person image of a role: the colour frame with its overlay, as PNG. */
export function annotate(rgba: Buffer, width: number, height: number, view: RoleView): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .composite([{ input: Buffer.from(overlaySvg(view, width, height)), top: 0, left: 0 }])
    .removeAlpha()
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

export function encodePng(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}
