import sharp from "sharp";
import { labelPath as textPath, labelWidth as textWidth } from "../../core/label-font.js";
import type { Product } from "../schema/product.js";
import { shapeOf, shapePath } from "./silhouettes.js";

const W = 512;
const H = 512;

function mainColor(product: Product): string {
  switch (product.category) {
    case "games":
      return product.attributes.boxHex;
    default:
      return product.attributes.colorHex;
  }
}

/** A contrasting ink for a fill: dark on light colours, light on dark ones. */
export function inkFor(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const luma = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luma > 150 ? "#2b2b2b" : "#f5f5f5";
}

/** The `<pattern>` a garment's pattern draws with, over its colour. */
function patternDef(pattern: string, color: string): string {
  const ink = inkFor(color);
  const tile = (size: number, body: string) =>
    `<pattern id="p" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><rect width="${size}" height="${size}" fill="${color}"/>${body}</pattern>`;
  switch (pattern) {
    case "striped":
      return tile(24, `<rect width="24" height="8" fill="${ink}" opacity="0.55"/>`);
    case "plaid":
      return tile(
        40,
        `<rect width="40" height="10" fill="${ink}" opacity="0.35"/><rect width="10" height="40" fill="${ink}" opacity="0.35"/>`,
      );
    case "polka dot":
      return tile(28, `<circle cx="14" cy="14" r="5" fill="${ink}" opacity="0.7"/>`);
    case "floral":
      return tile(
        44,
        `<g fill="${ink}" opacity="0.6"><circle cx="22" cy="14" r="5"/><circle cx="14" cy="22" r="5"/><circle cx="30" cy="22" r="5"/><circle cx="22" cy="30" r="5"/></g><circle cx="22" cy="22" r="4" fill="#f2c94c"/>`,
      );
    case "heathered":
      return tile(
        12,
        `<circle cx="3" cy="3" r="1.5" fill="${ink}" opacity="0.25"/><circle cx="9" cy="8" r="1.5" fill="${ink}" opacity="0.2"/>`,
      );
    case "camo":
      return tile(
        80,
        `<g fill="${ink}" opacity="0.35"><ellipse cx="20" cy="20" rx="18" ry="10"/><ellipse cx="60" cy="55" rx="16" ry="12"/><ellipse cx="55" cy="15" rx="10" ry="7"/></g>`,
      );
    case "color-block":
      return `<linearGradient id="p" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="${color}"/><stop offset="0.5" stop-color="${ink}"/></linearGradient>`;
    default:
      return tile(8, "");
  }
}

/** Details drawn over the silhouette: a laptop's screen, a watch's face, a game's label. */
function details(product: Product, ink: string): string {
  switch (product.category) {
    case "laptops":
      return `<rect x="150" y="94" width="212" height="142" fill="#20252c"/>`;
    case "smart-watches": {
      const round =
        product.attributes.display === "analog with OLED" || product.attributes.type === "sports watch";
      return round
        ? `<circle cx="256" cy="200" r="58" fill="#15181c"/><circle cx="256" cy="200" r="50" fill="none" stroke="${ink}" stroke-width="3"/>`
        : `<rect x="210" y="146" width="92" height="108" rx="18" fill="#15181c"/>`;
    }
    case "games":
      return product.attributes.platform === "Tabletop"
        ? `<rect x="96" y="100" width="320" height="40" fill="${ink}" opacity="0.3"/>`
        : `<rect x="166" y="40" width="180" height="36" fill="${ink}" opacity="0.85"/>`;
    default:
      return "";
  }
}

/** Wraps a name into at most three lines that fit the width at the given size. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(" ").slice(0, 40)}…`] : lines;
}

function caption(name: string): string {
  const size = 22;
  return wrap(name.replace(/[^\x20-\x7e]/g, "?"), size, W - 40)
    .map((line, i) => {
      const { d, width } = textPath(line, 0, 0, size);
      const x = (W - width) / 2;
      return `<path transform="translate(${x.toFixed(1)} ${428 + i * 26})" d="${d}" fill="#222"/>`;
    })
    .join("");
}

/** The product's picture as SVG: its silhouette in its colour and pattern, details, and its name. */
export function productImageSvg(product: Product): string {
  const color = mainColor(product);
  const pattern =
    product.category === "female-clothing" || product.category === "male-clothing"
      ? product.attributes.pattern
      : "solid";
  const shape = shapeOf(product);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${patternDef(pattern, color)}</defs>` +
    `<rect width="${W}" height="${H}" fill="#f7f7f5"/>` +
    `<path d="${shapePath(shape)}" fill="url(#p)" stroke="#333" stroke-width="3" stroke-linejoin="round"/>` +
    details(product, inkFor(color)) +
    caption(product.name) +
    "</svg>"
  );
}

/** The product's picture as PNG bytes (512×512): the same product always gives the same bytes. */
export async function productImagePng(product: Product): Promise<Buffer> {
  return sharp(Buffer.from(productImageSvg(product)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
