import { BufferGeometry, Color, Float32BufferAttribute } from "three";
import { hashUnit } from "./hash-unit.js";

// The store's shell, made believable with geometry and vertex colours rather than textures: on a CPU
// rasteriser a texture fetch per pixel costs a third of the colour pass, while a few thousand more
// triangles cost next to nothing. Everything here is background (no segmentation colour).

/** A horizontal rectangle at height `y`, its corners' colours in the order x0z0, x1z0, x0z1, x1z1. */
interface FlatQuad {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
  y: number;
  colours: [Color, Color, Color, Color];
}

/** Quads facing up (floors, shadows) or down (ceiling panels), as one non-indexed geometry. */
function flatQuads(quads: FlatQuad[], facing: "up" | "down"): BufferGeometry {
  const positions: number[] = [];
  const colours: number[] = [];
  const ny = facing === "up" ? 1 : -1;
  for (const q of quads) {
    const corners = [
      [q.x0, q.z0],
      [q.x1, q.z0],
      [q.x0, q.z1],
      [q.x1, q.z1],
    ] as const;
    // Counter-clockwise seen from the side the quad faces.
    const order = facing === "up" ? [0, 2, 1, 1, 2, 3] : [0, 1, 2, 1, 3, 2];
    for (const k of order) {
      positions.push(corners[k]![0], q.y, corners[k]![1]);
      const c = q.colours[k]!;
      colours.push(c.r, c.g, c.b);
    }
  }
  const geo = new BufferGeometry();
  geo.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geo.setAttribute(
    "normal",
    new Float32BufferAttribute(
      positions.map((_, i) => (i % 3 === 1 ? ny : 0)),
      3,
    ),
  );
  geo.setAttribute("color", new Float32BufferAttribute(colours, 3));
  return geo;
}

const scaled = (c: Color, s: number) => new Color(c.r * s, c.g * s, c.b * s);
const same = (c: Color): FlatQuad["colours"] => [c, c, c, c];

/**
 * A floor of `width`×`depth` metres: square vinyl tiles (a supermarket) or staggered wooden planks (a
 * furniture hall), each a shade lighter or darker than its neighbours, so distance and direction read
 * from the floor as they do in a real store.
 */
export function floorGeometry(
  width: number,
  depth: number,
  base: string,
  style: "tiles" | "planks",
): BufferGeometry {
  const colour = new Color(base);
  const quads: FlatQuad[] = [];
  const [along, across] = style === "tiles" ? [0.6, 0.6] : [1.2, 0.2];
  const spread = style === "tiles" ? 0.08 : 0.12;
  for (let j = 0; j * across < depth; j++) {
    const z0 = j * across;
    const z1 = Math.min(depth, z0 + across);
    // Planks are laid staggered: each row starts a third of a plank further along.
    const offset = style === "planks" ? ((j % 3) * along) / 3 : 0;
    for (let i = -1; i * along - offset < width; i++) {
      const x0 = Math.max(0, i * along - offset);
      const x1 = Math.min(width, (i + 1) * along - offset);
      if (x1 <= x0) continue;
      const shadeOf = 1 - spread / 2 + spread * hashUnit(i, j);
      quads.push({ x0, z0, x1, z1, y: 0, colours: same(scaled(colour, shadeOf)) });
    }
  }
  return flatQuads(quads, "up");
}

/** Light panels under the ceiling, 1.2 × 0.6 m on a 3.6 × 2.4 m grid, brighter than the ceiling. */
export function ceilingPanels(width: number, depth: number, ceiling: number): BufferGeometry {
  const quads: FlatQuad[] = [];
  const light = same(new Color("#fffdf6"));
  for (let x = 1.8; x < width - 0.6; x += 3.6)
    for (let z = 1.2; z < depth - 0.3; z += 2.4)
      quads.push({ x0: x - 0.6, z0: z - 0.3, x1: x + 0.6, z1: z + 0.3, y: ceiling - 0.005, colours: light });
  return flatQuads(quads, "down");
}

/** A footprint on the floor: centre, size and turn (degrees) of what stands there. */
export interface Footprint {
  x: number;
  z: number;
  width: number;
  depth: number;
  yaw: number;
}

/**
 * Soft contact shadows: a band round each footprint, dark at its edge and fading to nothing `reach`
 * metres out (a vertex-colour gradient, drawn a few millimetres above the surface at `y`). Baked light
 * the way ambient occlusion darkens where things meet the floor.
 */
export function contactShadows(
  footprints: Footprint[],
  floor: string,
  y = 0.004,
  reach = 0.14,
): BufferGeometry {
  const lit = new Color(floor);
  const dark = scaled(lit, 0.62);
  const positions: number[] = [];
  const colours: number[] = [];
  for (const f of footprints) {
    const c = Math.cos((f.yaw * Math.PI) / 180);
    const s = Math.sin((f.yaw * Math.PI) / 180);
    const at = (lx: number, lz: number) => [f.x + lx * c + lz * s, y, f.z - lx * s + lz * c] as const;
    const [hw, hd] = [f.width / 2, f.depth / 2];
    const inner = [at(-hw, -hd), at(hw, -hd), at(hw, hd), at(-hw, hd)];
    const outer = [
      at(-hw - reach, -hd - reach),
      at(hw + reach, -hd - reach),
      at(hw + reach, hd + reach),
      at(-hw - reach, hd + reach),
    ];
    for (let k = 0; k < 4; k++) {
      const n = (k + 1) % 4;
      // Two triangles per side of the band, wound to face up whatever the footprint's turn.
      for (const [p, col] of [
        [inner[k]!, dark],
        [inner[n]!, dark],
        [outer[k]!, lit],
        [inner[n]!, dark],
        [outer[n]!, lit],
        [outer[k]!, lit],
      ] as const) {
        positions.push(...p);
        colours.push(col.r, col.g, col.b);
      }
    }
  }
  const geo = new BufferGeometry();
  geo.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geo.setAttribute(
    "normal",
    new Float32BufferAttribute(
      positions.map((_, i) => (i % 3 === 1 ? 1 : 0)),
      3,
    ),
  );
  geo.setAttribute("color", new Float32BufferAttribute(colours, 3));
  return geo;
}
