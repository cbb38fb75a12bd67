import { type BufferGeometry, Mesh, type MeshBasicMaterial } from "three";
import type { LabelAtlas } from "./label-atlas.js";
import type { ShapeKit } from "./shape-kit.js";

export const DEG = Math.PI / 180;

/**
 * What `buildScene`'s parts are built with and added to the scene by: the signs' atlas (its kit
 * builds floor, walls, fixtures and signs), the two materials they are drawn with, and `add`, which
 * puts a mesh in the scene and in the scene's items in the order meshes are made.
 */
export interface SceneParts {
  signs: LabelAtlas;
  kit: ShapeKit;
  /** The signs' atlas material: for what shows a label. */
  lit: MeshBasicMaterial;
  /** Vertex colours only: for what shows no label. */
  plain: MeshBasicMaterial;
  add: (mesh: Mesh, segColor: string | null, only?: "colour" | "ids") => void;
}

/** A static mesh at (x, z) on the floor, turned `yaw` degrees. */
export function placed(
  geo: BufferGeometry,
  x: number,
  z: number,
  yaw: number,
  material: MeshBasicMaterial,
): Mesh {
  const mesh = new Mesh(geo, material);
  mesh.position.set(x, 0, z);
  mesh.rotation.y = yaw * DEG;
  mesh.matrixAutoUpdate = false;
  mesh.updateMatrix();
  return mesh;
}
