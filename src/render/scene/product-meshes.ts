import { type BufferGeometry, InstancedMesh, Matrix4 } from "three";
import type { FurnitureProduct, GroceryProduct, Product } from "../../core/product.js";
import type { BuiltScene, InstanceSlot, SceneData } from "./build-scene.js";
import { nameWithout } from "./hero-word.js";
import type { AtlasPool, LabelAtlas, LabelText } from "./label-atlas.js";
import {
  furnitureGeometry,
  furnitureTag,
  groceryGeometry,
  groceryHasLid,
  groceryLabelAspect,
  groceryTopAspect,
} from "./product-geometry.js";
import { DEG, type SceneParts } from "./scene-parts.js";
import { finishesOf, SWATCH_CELLS, swatch } from "./swatches.js";

type Placement = { id: string; x: number; y: number; z: number; yaw: number };

/** A small stable number for a string (FNV-1a), so a brand keeps its package layout across runs. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function productLabelText(p: Product, heroOf: (name: string) => string): LabelText {
  const hero = heroOf(p.name);
  return {
    top: p.brand,
    hero,
    main: nameWithout(p.name, hero),
    ...(p.kind === "grocery" ? { name: p.name, foot: p.size } : {}),
    background: p.appearance.primary,
    accent: p.appearance.accent,
    style: "package",
    variant: hashOf(p.brand),
  };
}

/**
 * Every placed product, one instanced mesh per product (in catalog order), with its label legible on
 * the front; returns where each instance lives and each product's unit.
 */
export function addProducts(
  { add }: SceneParts,
  data: SceneData,
  packages: AtlasPool,
  heroOf: (name: string) => string,
): Pick<BuiltScene, "slots" | "units"> {
  const slots = new Map<string, InstanceSlot>();
  const units: BuiltScene["units"] = new Map();
  const byProduct = new Map<string, Placement[]>();
  for (const inst of data.instances.instances) {
    const list = byProduct.get(inst.product) ?? [];
    list.push(inst);
    byProduct.set(inst.product, list);
  }
  const m = new Matrix4();
  const r = new Matrix4();
  for (const p of data.catalog.products) {
    const list = byProduct.get(p.id);
    if (!list?.length) continue;
    const { geo, atlas } =
      p.kind === "grocery" ? groceryUnit(p, packages, heroOf) : furnitureUnit(p, packages, heroOf);
    const mesh = new InstancedMesh(geo, atlas.material, list.length);
    list.forEach((inst, i) => {
      const matrix = m
        .makeTranslation(inst.x, inst.y, inst.z)
        .multiply(r.makeRotationY(inst.yaw * DEG))
        .clone();
      mesh.setMatrixAt(i, matrix);
      slots.set(inst.id, { mesh, index: i, matrix });
    });
    units.set(p.id, { geometry: geo, segColor: p.segColor, material: atlas.material });
    mesh.matrixAutoUpdate = false;
    mesh.computeBoundingSphere();
    add(mesh, p.segColor);
  }
  return { slots, units };
}

type Unit = { geo: BufferGeometry; atlas: LabelAtlas };

/** One unit of a grocery product, its label in front (and on top, for a flat pack or a lid). */
function groceryUnit(p: GroceryProduct, packages: AtlasPool, heroOf: (name: string) => string): Unit {
  const topAspect = groceryTopAspect(p);
  const lid = groceryHasLid(p);
  const atlas = packages.withRoom(topAspect || lid ? 2 : 1);
  const text = productLabelText(p, heroOf);
  const front = atlas.addLabel(text, groceryLabelAspect(p));
  const top = topAspect
    ? atlas.addLabel(text, topAspect)
    : lid
      ? atlas.addLabel({ ...text, style: "lid" }, 1)
      : undefined;
  return { geo: groceryGeometry(atlas.kit, p, front, top), atlas };
}

/** One furniture piece, its name tag and its finishes' swatches in the same atlas. */
function furnitureUnit(p: FurnitureProduct, packages: AtlasPool, heroOf: (name: string) => string): Unit {
  const tag = furnitureTag(p);
  // Room for the tag and, in a fresh atlas, every finish's swatch.
  const atlas = packages.withRoom(1 + SWATCH_CELLS);
  const text: LabelText = { ...productLabelText(p, heroOf), background: "#ffffff", accent: "#f2c230" };
  const label = atlas.addLabel({ ...text, style: "card" }, tag.w / tag.h);
  const { body, frame } = finishesOf(p.shape.form, p.attributes.material);
  const geo = furnitureGeometry(atlas.kit, p, label, {
    ...(body ? { body: swatch(atlas, body) } : {}),
    ...(frame ? { frame: swatch(atlas, frame) } : {}),
    cloth: swatch(atlas, "fabric"),
  });
  return { geo, atlas };
}
