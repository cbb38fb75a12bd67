import {
  BoxGeometry,
  type BufferGeometry,
  Color,
  CylinderGeometry,
  Float32BufferAttribute,
  SphereGeometry,
} from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";

/** A rectangle of the label atlas, in texture coordinates (v grows upwards). */
export interface UvRect {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/**
 * Every part of the scene's lit meshes carries position, normal, uv and color attributes and one
 * material: the label atlas modulated by vertex colour. Plain parts point their uvs at a white
 * patch of the atlas, so their colour is the vertex colour; labelled faces are white-coloured and
 * show the atlas. One material for everything keeps the draw calls down.
 */
export class ShapeKit {
  /**
   * `finish`: a swatch of the atlas (wood, fabric, metal…) that plain parts show instead of the white
   * patch, each face stretched over it once (atlas cells cannot repeat).
   */
  constructor(
    readonly white: UvRect,
    readonly finish?: UvRect,
  ) {}

  /** The same kit, its plain parts showing a finish (none: plain white). */
  withFinish(finish: UvRect | undefined): ShapeKit {
    return new ShapeKit(this.white, finish);
  }

  private paint(geo: BufferGeometry, color: Color, flat = false): BufferGeometry {
    const n = geo.getAttribute("position").count;
    const normals = geo.getAttribute("normal");
    const colors = new Float32Array(n * 3);
    const uvs = new Float32Array(n * 2);
    const u = (this.white.u0 + this.white.u1) / 2;
    const v = (this.white.v0 + this.white.v1) / 2;
    const own = geo.getAttribute("uv");
    const f = this.finish;
    for (let i = 0; i < n; i++) {
      const s = flat ? 1 : shade(normals.getY(i), normals.getZ(i));
      colors.set([color.r * s, color.g * s, color.b * s], i * 3);
      if (f) uvs.set([f.u0 + own.getX(i) * (f.u1 - f.u0), f.v0 + own.getY(i) * (f.v1 - f.v0)], i * 2);
      else uvs.set([u, v], i * 2);
    }
    geo.setAttribute("color", new Float32BufferAttribute(colors, 3));
    geo.setAttribute("uv", new Float32BufferAttribute(uvs, 2));
    return geo;
  }

  /** A box of size (w, h, d) whose centre is at (x, y, z); `flat` skips the baked light (floor, ceiling). */
  box(
    w: number,
    h: number,
    d: number,
    x: number,
    y: number,
    z: number,
    color: Color,
    flat = false,
  ): BufferGeometry {
    return this.paint(new BoxGeometry(w, h, d).translate(x, y, z), color, flat);
  }

  /** A vertical cylinder (or cone) standing on y with its axis at (x, z). */
  cylinder(
    rTop: number,
    rBottom: number,
    h: number,
    x: number,
    y: number,
    z: number,
    color: Color,
    segments = 12,
  ) {
    return this.paint(new CylinderGeometry(rTop, rBottom, h, segments, 1).translate(x, y + h / 2, z), color);
  }

  sphere(
    r: number,
    x: number,
    y: number,
    z: number,
    color: Color,
    scale: [number, number, number] = [1, 1, 1],
  ) {
    return this.paint(new SphereGeometry(r, 10, 8).scale(...scale).translate(x, y, z), color);
  }

  /**
   * A box standing on y = 0 whose front face (-z) shows an atlas rectangle (and its top `topLabel`,
   * for a flat pack seen from above); other faces take `color`.
   * BoxGeometry lays out four vertices per face in the order +x, -x, +y, -y, +z, -z.
   */
  labelledBox(
    w: number,
    h: number,
    d: number,
    color: Color,
    label: UvRect,
    top?: Color,
    topLabel?: UvRect,
  ): BufferGeometry {
    const geo = this.paint(new BoxGeometry(w, h, d).translate(0, h / 2, 0), color);
    const uv = geo.getAttribute("uv");
    const col = geo.getAttribute("color");
    const front = 5 * 4;
    const corners: [number, number][] = [
      [label.u0, label.v1],
      [label.u1, label.v1],
      [label.u0, label.v0],
      [label.u1, label.v0],
    ];
    const lit = shade(0, -1);
    for (let k = 0; k < 4; k++) {
      uv.setXY(front + k, ...corners[k]!);
      col.setXYZ(front + k, lit, lit, lit);
    }
    const up = shade(1, 0);
    if (topLabel) {
      // The top face (+y) reads upright from the front: its near edge (-z) is the label's foot and,
      // seen from the front, +x is on the left.
      const onTop: [number, number][] = [
        [topLabel.u1, topLabel.v0],
        [topLabel.u0, topLabel.v0],
        [topLabel.u1, topLabel.v1],
        [topLabel.u0, topLabel.v1],
      ];
      for (let k = 0; k < 4; k++) {
        uv.setXY(8 + k, ...onTop[k]!);
        col.setXYZ(8 + k, up, up, up);
      }
    } else if (top) for (let k = 8; k < 12; k++) col.setXYZ(k, top.r * up, top.g * up, top.b * up);
    return geo;
  }

  /**
   * A cylinder standing on y = 0 whose front (facing -z) shows an atlas rectangle as a printed wrap
   * looks from straight ahead: the label is projected from the front onto the arc of ±`LABEL_ARC`
   * around it, so its letters are not squeezed at the sides (a plain wrap would crowd the ends of
   * the name into slivers); the rest samples the label's edge columns, which labels paint in their
   * background colour. The label's aspect should be `cylinderLabelWidth(r) / h`. `lid`: a square
   * label printed on the top (a yoghurt cup's or a dip tub's lid, seen from above on a low shelf),
   * reading upright from the front; the disc shows its inscribed circle.
   */
  labelledCylinder(
    r: number,
    h: number,
    color: Color,
    label: UvRect,
    top?: Color,
    lid?: UvRect,
  ): BufferGeometry {
    const segments = 24;
    const geo = this.paint(new CylinderGeometry(r, r, h, segments, 1).translate(0, h / 2, 0), color);
    const uv = geo.getAttribute("uv");
    const col = geo.getAttribute("color");
    const pos = geo.getAttribute("position");
    const side = (segments + 1) * 2;
    const inset = (label.u1 - label.u0) * 0.01;
    const reach = Math.sin(LABEL_ARC);
    for (let i = 0; i < side; i++) {
      // paint() pointed every uv at the white patch, so the wrap comes from the vertex itself: its
      // angle from the front (-z; positive towards the viewer's right, -x) and its height.
      const fromFront = Math.atan2(-pos.getX(i), -pos.getZ(i));
      const x =
        Math.abs(fromFront) <= LABEL_ARC ? 0.5 + (0.5 * Math.sin(fromFront)) / reach : fromFront > 0 ? 1 : 0;
      uv.setXY(
        i,
        label.u0 + inset + x * (label.u1 - label.u0 - 2 * inset),
        label.v0 + (pos.getY(i) / h) * (label.v1 - label.v0),
      );
      const s = shade(0, geo.getAttribute("normal").getZ(i));
      col.setXYZ(i, s, s, s);
    }
    const up = shade(1, 0);
    for (let i = side; i < uv.count; i++) {
      if (pos.getY(i) <= h / 2) continue;
      if (lid) {
        // As on a flat pack's top: the front edge (-z) is the label's foot, +x is on the left.
        const x = 0.5 - pos.getX(i) / (2 * r);
        const y = 0.5 + pos.getZ(i) / (2 * r);
        uv.setXY(i, lid.u0 + x * (lid.u1 - lid.u0), lid.v0 + y * (lid.v1 - lid.v0));
        col.setXYZ(i, up, up, up);
      } else if (top) col.setXYZ(i, top.r * up, top.g * up, top.b * up);
    }
    return geo;
  }

  merge(parts: BufferGeometry[]): BufferGeometry {
    const merged = mergeGeometries(parts.map((p) => (p.index ? p : p)));
    if (!merged) throw new Error("shape kit: parts could not be merged");
    for (const p of parts) p.dispose();
    return merged;
  }
}

/** Half the arc of a cylinder a label covers, radians (75°: nearly the whole visible front). */
export const LABEL_ARC = (75 * Math.PI) / 180;

/** The width a cylinder's label shows from the front. */
export function cylinderLabelWidth(r: number): number {
  return 2 * r * Math.sin(LABEL_ARC);
}

/**
 * Baked light, in the object's own frame: bright from above, brighter on the front (where labels
 * are) than on the sides and back, dark underneath. Baking it into vertex colours lets the colour
 * pass skip per-pixel lighting, which on a CPU rasteriser is a quarter of the frame; it only
 * depends on the vertical and front-back parts of the normal, so a turned instance stays right.
 */
export function shade(normalY: number, normalZ: number): number {
  return 0.74 + 0.24 * normalY - 0.12 * normalZ;
}

export function color(hex: string): Color {
  return new Color(hex);
}
