import { horizontalFovDeg } from "../../core/camera.js";
import { forwardOf } from "../../core/geometry.js";
import type { Product } from "../../core/product.js";
import { productHandle, type Role } from "../../core/roles.js";
import type { NavTarget } from "../../core/spatial.js";
import type { CameraPose } from "../camera.js";
import type { Box, ProductRegion, TargetRegion } from "./regions.js";

export type Bearing = "left" | "ahead" | "right";

export interface VisibleProduct {
  handle: string;
  /** The catalog id: the assistant's view only. */
  productId?: string;
  /** Display name and brand, what a shopper reads on the package before inspecting it. */
  name: string;
  brand: string;
  distanceM: number;
  bearing: Bearing;
  /** The box centre's direction from the view's centre, whole degrees: negative left, positive right. */
  bearingDeg: number;
  pixels: number;
  box: Box;
}

export interface VisibleTarget {
  handle: string;
  /** The layout id (fixture, store or area): the assistant's view only. */
  targetId?: string;
  name: string;
  kind: string;
  /** Approaches a targeted move may use towards it right now (the paper's visible_fixture_nav). */
  approaches: string[];
  distanceM: number;
  bearing: Bearing;
  /** The box centre's direction from the view's centre, whole degrees: negative left, positive right. */
  bearingDeg: number;
  box: Box;
}

export interface RoleView {
  role: Role;
  products: VisibleProduct[];
  targets: VisibleTarget[];
  /** The same, as text: what an assistant without the image is told (no-evv condition). */
  caption: string;
  /** Where each product region's outline and label go. */
  marks: { handle: string; rings: [number, number][][]; anchor: [number, number] | null }[];
  /** This view's handles → entity ids, for resolving the role's tool calls (never shown to the shopper). */
  handles: { products: Record<string, string>; targets: Record<string, string> };
}

function bearingOf(box: Box, width: number): Bearing {
  const cx = (box.x0 + box.x1) / 2;
  return cx < width / 3 ? "left" : cx > (2 * width) / 3 ? "right" : "ahead";
}

/**
 * The horizontal angle from the view's centre to a box's centre, whole degrees (right positive), for
 * a pinhole camera of the view's field of view: tan(angle) = offset · tan(hfov / 2), the offset from
 * −1 at the left edge to 1 at the right.
 */
export function bearingDegOf(box: Box, width: number, height: number): number {
  const offset = (box.x0 + box.x1 + 1 - width) / width;
  const half = (horizontalFovDeg(width / height) * Math.PI) / 360;
  const deg = Math.round((Math.atan(offset * Math.tan(half)) * 180) / Math.PI);
  return deg === 0 ? 0 : deg;
}

/** A bearing as the caption says it: "ahead" within 5°, else "15° left" or "20° right". */
export function bearingText(deg: number): string {
  return Math.abs(deg) <= 5 ? "ahead" : `${Math.abs(deg)}° ${deg < 0 ? "left" : "right"}`;
}

/**
 * Which approaches a target supports from where the shopper stands: `nearest` always; a fixture
 * side (`front`, `back`) only when the shopper is on that side of it, facing its goods; a store's
 * two doorway points; an area's fixed point.
 */
export function supportedApproaches(target: NavTarget, pose: CameraPose): string[] {
  if (target.type === "store") return ["outside_doorway", "inside_doorway"];
  if (target.type === "area") return ["area_point"];
  const [fx, fz] = forwardOf(target.yaw);
  const side = (pose.x - target.location[0]) * fx + (pose.z - target.location[1]) * fz;
  const facing = side >= 0 ? "front" : "back";
  return ["nearest", ...target.sides.filter((s) => s === facing)];
}

function targetKind(t: NavTarget): string {
  return t.type === "fixture" ? t.kind : t.type;
}

/**
 * Labels one frame's regions for a role: products numbered in order within this view (the shopper
 * in reading order, the assistant column by column, so the two numberings differ), fixtures,
 * stores and areas by the role's fixed handles; with the visible-entity lists and their caption.
 */
export function roleView(
  role: Role,
  regions: { products: ProductRegion[]; targets: TargetRegion[] },
  products: ReadonlyMap<string, Product>,
  targets: ReadonlyMap<string, NavTarget>,
  targetHandles: ReadonlyMap<string, string>,
  pose: CameraPose,
  width: number,
  height: number,
): RoleView {
  const anchor = (r: ProductRegion): [number, number] => [r.components[0]!.box.x0, r.components[0]!.box.y0];
  const order = [...regions.products].sort((a, b) => {
    const [ax, ay] = anchor(a);
    const [bx, by] = anchor(b);
    return role === "shopper"
      ? Math.floor(ay / 60) - Math.floor(by / 60) || ax - bx || ay - by
      : Math.floor(ax / 80) - Math.floor(bx / 80) || ay - by || ax - bx;
  });
  const visibleProducts: VisibleProduct[] = [];
  const marks: RoleView["marks"] = [];
  const handles: RoleView["handles"] = { products: {}, targets: {} };
  order.forEach((region, i) => {
    const product = products.get(region.productId)!;
    const handle = productHandle(role, i + 1);
    handles.products[handle] = product.id;
    visibleProducts.push({
      handle,
      ...(role === "assistant" ? { productId: product.id } : {}),
      name: product.name,
      brand: product.brand,
      distanceM: Math.round(region.minDepthM * 100) / 100,
      bearing: bearingOf(region.box, width),
      bearingDeg: bearingDegOf(region.box, width, height),
      pixels: region.pixels,
      box: region.box,
    });
    region.components.forEach((c, k) => {
      marks.push({ handle, rings: c.rings, anchor: k === 0 ? [c.box.x0, c.box.y0] : null });
    });
  });
  const visibleTargets: VisibleTarget[] = regions.targets
    .map((region) => {
      const t = targets.get(region.targetId)!;
      handles.targets[targetHandles.get(t.id)!] = t.id;
      return {
        handle: targetHandles.get(t.id)!,
        ...(role === "assistant" ? { targetId: t.id } : {}),
        name: t.name,
        kind: targetKind(t),
        approaches: supportedApproaches(t, pose),
        distanceM: Math.round(region.minDepthM * 100) / 100,
        bearing: bearingOf(region.box, width),
        bearingDeg: bearingDegOf(region.box, width, height),
        box: region.box,
      };
    })
    .sort((a, b) => a.distanceM - b.distanceM || a.handle.localeCompare(b.handle));
  return {
    role,
    products: visibleProducts,
    targets: visibleTargets,
    caption: caption(role, visibleProducts, visibleTargets),
    marks,
    handles,
  };
}

/**
 * The visible-entity lists as text: handle, name, distance, bearing in degrees (and the usable
 * approaches of targets); catalog and layout ids only where the entries carry them.
 */
export function caption(role: Role, products: VisibleProduct[], targets: VisibleTarget[]): string {
  const productLines = products.map((p) => {
    const id = p.productId ? ` [${p.productId}]` : "";
    return `- ${p.handle}: ${p.brand} ${p.name}${id}, ${p.distanceM.toFixed(1)} m, ${bearingText(p.bearingDeg)}`;
  });
  const targetLines = targets.map((t) => {
    const id = t.targetId ? ` [${t.targetId}]` : "";
    return `- ${t.handle}: ${t.name}${id} (${t.kind.replace("_", " ")}), ${t.distanceM.toFixed(1)} m, ${bearingText(t.bearingDeg)}; approaches: ${t.approaches.join(", ")}`;
  });
  const who = role === "shopper" ? "your" : "the shopper's";
  return [
    `Visible products in ${who} view (handle: name, distance, bearing in degrees from the view's centre, left or right):`,
    ...(productLines.length ? productLines : ["- none in view"]),
    "Visible navigation targets (handle: name, distance, bearing in degrees from the view's centre, left or right; approaches usable now):",
    ...(targetLines.length ? targetLines : ["- none"]),
  ].join("\n");
}
