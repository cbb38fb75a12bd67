import {
  DirectionalLight,
  Mesh,
  PCFSoftShadowMap,
  PlaneGeometry,
  ShadowMaterial,
  type WebGLRenderer,
} from "three";
import type { BuiltScene, SceneItem } from "./build-scene.js";

/** A horizontal surface that shows the shadows cast on it: the floor, a display platform's top. */
export interface Ground {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
  y: number;
}

/** How far above its surface a shadow catcher lies: over the floor's finish and contact shadows. */
const LIFT = 0.006;

/**
 * Real-time shadows for the `high` render quality: one light from high above, a little off the
 * vertical (a store is lit by many ceiling lights, so things darken the floor round their feet
 * rather than throwing long shadows), casting shadow maps from everything that stands in the store,
 * caught on the floor and the display platforms by transparent planes drawn in the colour pass only.
 *
 * The scene's light stays baked into vertex colours (its materials are unlit), so the shadows are
 * the catchers' alone; segmentation and depth never see them. The shadow map is drawn again only
 * when something moves (`invalidate`), not every frame: the store stands still.
 */
export class FloorShadows {
  constructor(
    built: BuiltScene,
    private readonly renderer: WebGLRenderer,
  ) {
    const ground = built.ground;
    const x0 = Math.min(...ground.map((g) => g.x0));
    const x1 = Math.max(...ground.map((g) => g.x1));
    const z0 = Math.min(...ground.map((g) => g.z0));
    const z1 = Math.max(...ground.map((g) => g.z1));
    const [cx, cz] = [(x0 + x1) / 2, (z0 + z1) / 2];
    const half = Math.max(x1 - x0, z1 - z0) / 2 + 1;

    renderer.shadowMap.enabled = true;
    renderer.shadowMap.type = PCFSoftShadowMap;
    renderer.shadowMap.autoUpdate = false;
    const light = new DirectionalLight(0xffffff, 1);
    light.position.set(cx + 3, 20, cz + 5);
    light.target.position.set(cx, 0, cz);
    light.castShadow = true;
    const cam = light.shadow.camera;
    [cam.left, cam.right, cam.top, cam.bottom] = [-half, half, half, -half];
    [cam.near, cam.far] = [1, 40];
    // About 1.5 cm a texel over a 60 m hall: legs and shelves cast shadows of their own.
    light.shadow.mapSize.set(4096, 4096);
    light.shadow.radius = 3;
    light.shadow.bias = -0.0005;
    built.scene.add(light, light.target);
    light.target.updateMatrixWorld();

    for (const item of built.items) item.mesh.castShadow = casts(item);
    const material = new ShadowMaterial({ opacity: 0.28, depthWrite: false });
    for (const g of ground) {
      const plane = new Mesh(new PlaneGeometry(g.x1 - g.x0, g.z1 - g.z0), material);
      plane.rotation.x = -Math.PI / 2;
      plane.position.set((g.x0 + g.x1) / 2, g.y + LIFT, (g.z0 + g.z1) / 2);
      plane.receiveShadow = true;
      plane.updateMatrixWorld();
      built.scene.add(plane);
      built.items.push({ mesh: plane, segColor: null, only: "colour" });
    }
    this.invalidate();
  }

  /** Draws the shadow map again with the next frame (an item was taken or put back). */
  invalidate(): void {
    this.renderer.shadowMap.needsUpdate = true;
  }
}

/**
 * What stands in the store casts a shadow; the shell (floor, walls, ceiling and its finish) and glass
 * do not: from a light above the ceiling they would darken the whole hall.
 */
function casts(item: SceneItem): boolean {
  return item.segColor !== null && item.only !== "ids";
}
