import { CAMERA, horizontalFovDeg } from "../../core/camera.js";

const DEG = Math.PI / 180;
/** The head pitch a shopper arriving at a display area looks with (`arrivalPitch`, core/camera.ts). */
const AREA_PITCH = -16 * DEG;
/** The frame a card must lie in: 4:3 (the default 640×480), a little inside its edges. */
const HALF_V = Math.tan((CAMERA.verticalFovDeg / 2) * DEG) * 0.92;
const HALF_H = Math.tan((horizontalFovDeg(4 / 3) / 2) * DEG) * 0.92;
/** Where on a card visibility is sampled, as shares of its width and height from its centre. */
const SAMPLES: [number, number][] = [-0.4, -0.2, 0, 0.2, 0.4].flatMap((u) =>
  [-0.3, 0, 0.3].map((v): [number, number] => [u, v]),
);

/** A card this wide over its distance (60 cm at 3 m) prints large enough to read well. */
const LEGIBLE_SIZE = 0.2;

type Vec3 = [number, number, number];

/** An upright box (a piece, a plinth, a card) in world coordinates: centre, half extents, yaw. */
export interface Solid {
  centre: Vec3;
  half: Vec3;
  /** Radians, as three.js `rotateY` turns it. */
  yaw: number;
}

/** Where a card could go: its face's centre, size and yaw (its face looks along local -z). */
export interface CardSpot {
  centre: Vec3;
  w: number;
  h: number;
  yaw: number;
  /** A factor on its score: below 1 for spots taken only when they show the card clearly better. */
  preference: number;
}

/** One card to place: the spots it may take and what always stands around it. */
export interface CardChoice {
  spots: CardSpot[];
}

/** The shopper's eye and view direction (horizontal unit vector) at a display area's standing point. */
export interface Viewer {
  eye: Vec3;
  forward: [number, number];
}

/** Whether the segment from `a` to `b` passes through the box (slab test in the box's own frame). */
function segmentHits(a: Vec3, b: Vec3, s: Solid): boolean {
  const c = Math.cos(s.yaw);
  const n = Math.sin(s.yaw);
  const ax = a[0] - s.centre[0];
  const az = a[2] - s.centre[2];
  const bx = b[0] - s.centre[0];
  const bz = b[2] - s.centre[2];
  // Clip the segment's parameter range [0, 1] to each pair of faces in turn (no allocation: this
  // runs a few million times per store).
  const range = { lo: 0, hi: 1 };
  return (
    clip(ax * c - az * n, bx * c - bz * n, s.half[0], range) &&
    clip(a[1] - s.centre[1], b[1] - s.centre[1], s.half[1], range) &&
    clip(ax * n + az * c, bx * n + bz * c, s.half[2], range)
  );
}

/** Narrows `range` to where the segment from `p` to `q` (one axis) lies within ±h; false if nowhere. */
function clip(p: number, q: number, h: number, range: { lo: number; hi: number }): boolean {
  const d = q - p;
  if (Math.abs(d) < 1e-9) return Math.abs(p) <= h;
  const t0 = (-h - p) / d;
  const t1 = (h - p) / d;
  range.lo = Math.max(range.lo, Math.min(t0, t1));
  range.hi = Math.min(range.hi, Math.max(t0, t1));
  return range.lo <= range.hi;
}

/** Points on a card's face, a hair in front of it, where it is checked for being seen. */
function facePoints(spot: CardSpot): Vec3[] {
  const [c, n] = [Math.cos(spot.yaw), Math.sin(spot.yaw)];
  const normal: Vec3 = [-n, 0, -c];
  const right: Vec3 = [c, 0, -n];
  return SAMPLES.map(([u, v]) => [
    spot.centre[0] + right[0] * u * spot.w + normal[0] * 0.02,
    spot.centre[1] + v * spot.h,
    spot.centre[2] + right[2] * u * spot.w + normal[2] * 0.02,
  ]);
}

/** Whether a point lies in the shopper's frame. */
function inFrame(viewer: Viewer, p: Vec3): boolean {
  const [fx, fz] = viewer.forward;
  const [cp, sp] = [Math.cos(AREA_PITCH), Math.sin(AREA_PITCH)];
  const d: Vec3 = [p[0] - viewer.eye[0], p[1] - viewer.eye[1], p[2] - viewer.eye[2]];
  const ahead = d[0] * fx * cp + d[1] * sp + d[2] * fz * cp;
  if (ahead < 0.3) return false;
  const side = d[0] * -fz + d[2] * fx;
  const up = -d[0] * sp * fx + d[1] * cp - d[2] * sp * fz;
  return Math.abs(side) <= ahead * HALF_H && Math.abs(up) <= ahead * HALF_V;
}

/** A card as a thin box, to hide what is behind it. */
export function cardSolid(spot: CardSpot): Solid {
  return { centre: spot.centre, half: [spot.w / 2, spot.h / 2, 0.01], yaw: spot.yaw };
}

/**
 * What of a card at `spot` the viewer could see were no other card there: the points of its face in
 * the frame and not hidden by `solids`, and how much each is worth: how squarely the card faces the
 * eye times its width over its distance (how large its print comes out), over the points sampled.
 */
function exposure(viewer: Viewer, spot: CardSpot, solids: Solid[]): { points: Vec3[]; worth: number } {
  const to: Vec3 = [
    viewer.eye[0] - spot.centre[0],
    viewer.eye[1] - spot.centre[1],
    viewer.eye[2] - spot.centre[2],
  ];
  const dist = Math.hypot(...to);
  const facing = (-Math.sin(spot.yaw) * to[0] - Math.cos(spot.yaw) * to[2]) / dist;
  if (facing <= 0.1) return { points: [], worth: 0 };
  const points = facePoints(spot).filter(
    (p) => inFrame(viewer, p) && !solids.some((s) => segmentHits(viewer.eye, p, s)),
  );
  // Print larger than a 60 cm card's at 3 m reads no better: a near card at the frame's edge is not
  // worth more than a whole one further off.
  const size = Math.min(1, spot.w / dist / LEGIBLE_SIZE);
  return { points, worth: facing * size * spot.preference };
}

/**
 * Picks a spot per card so that, seen from the viewer, the cards of one display area read best
 * together: each card in turn takes the spot that most raises the sum of every card's readability
 * (the share of its face seen, weighted towards whole cards, times how squarely and how near: its
 * own, less what it hides of the others), twice over, from each card's first spot. Pieces, plinths
 * and the other cards hide a card; a card is not put where it would stand inside a piece.
 * Deterministic: a fixed order, no randomness.
 */
export function placeCards(viewer: Viewer, choices: CardChoice[], solids: Solid[]): number[] {
  const exposed = choices.map((c) =>
    c.spots.map((s) =>
      facePoints(s).some((p) => solids.some((o) => inside(p, o))) ? undefined : exposure(viewer, s, solids),
    ),
  );
  // A spot from which none of the card shows is no choice while another shows some of it.
  for (const spots of exposed)
    if (spots.some((e) => e?.points.length))
      spots.forEach((e, k) => {
        if (e && !e.points.length) spots[k] = undefined;
      });
  const picked = exposed.map((spots) =>
    Math.max(
      0,
      spots.findIndex((e) => e !== undefined),
    ),
  );
  const boxes = choices.map((c, i) => cardSolid(c.spots[picked[i]!]!));
  const hits = (box: Solid, p: Vec3) => segmentHits(viewer.eye, p, box);
  const worth = (seen: number, e: { worth: number }) => (seen / SAMPLES.length) ** 3 * e.worth;
  // How many other cards hide each exposed point of each card's spot, kept as cards move.
  const hidden = choices.map((_, j) => exposed[j]![picked[j]!]?.points.map(() => 0) ?? []);
  const recount = () => {
    choices.forEach((_, j) => {
      const points = exposed[j]![picked[j]!]?.points ?? [];
      hidden[j] = points.map((p) => boxes.filter((b, i) => i !== j && hits(b, p)).length);
    });
  };
  recount();
  /** The area's readability were card `i` at spot `k`, the others where they are. */
  const scoreWith = (i: number, k: number): number => {
    const e = exposed[i]![k]!;
    const box = cardSolid(choices[i]!.spots[k]!);
    const own = e.points.filter((p) => !boxes.some((b, j) => j !== i && hits(b, p))).length;
    let sum = worth(own, e);
    choices.forEach((_, j) => {
      const other = exposed[j]![picked[j]!];
      if (j === i || !other) return;
      const seen = other.points.filter(
        (p, q) => hidden[j]![q]! - (hits(boxes[i]!, p) ? 1 : 0) + (hits(box, p) ? 1 : 0) === 0,
      ).length;
      sum += worth(seen, other);
    });
    return sum;
  };
  for (let pass = 0; pass < 2; pass++)
    for (let i = 0; i < choices.length; i++) {
      let best = picked[i]!;
      let bestScore = -1;
      exposed[i]!.forEach((e, k) => {
        if (!e) return;
        const score = scoreWith(i, k);
        if (score > bestScore + 1e-9) [best, bestScore] = [k, score];
      });
      if (best === picked[i]) continue;
      picked[i] = best;
      boxes[i] = cardSolid(choices[i]!.spots[best]!);
      recount();
    }
  return picked;
}

/** Whether a point lies inside a box. */
function inside(p: Vec3, s: Solid): boolean {
  const dx = p[0] - s.centre[0];
  const dz = p[2] - s.centre[2];
  const [c, n] = [Math.cos(s.yaw), Math.sin(s.yaw)];
  const l: Vec3 = [dx * c - dz * n, p[1] - s.centre[1], dx * n + dz * c];
  return l.every((v, k) => Math.abs(v) < s.half[k]!);
}
