import {
  type BufferGeometry,
  DoubleSide,
  type InstancedMesh,
  type Matrix4,
  type Mesh,
  MeshBasicMaterial,
  Scene,
} from "three";
import type { Catalog } from "../../core/catalog.js";
import type { InstanceSet } from "../../core/instances.js";
import type { Layout } from "../../core/layout.js";
import type { Product } from "../../core/product.js";
import type { Fixture } from "../../core/spatial.js";
import { fixtureGeometry, fixtureSignAspect } from "./fixture-geometry.js";
import type { Ground } from "./floor-shadows.js";
import { AREA_FLOOR, AREA_FLOOR_HEIGHT, addArea, addStore } from "./hall-targets.js";
import { heroWords } from "./hero-word.js";
import { ceilingPanels, contactShadows, type Footprint, floorGeometry } from "./interior.js";
import { AtlasPool, LabelAtlas } from "./label-atlas.js";
import { addProducts } from "./product-meshes.js";
import { productCards } from "./product-tags.js";
import { placed, type SceneParts } from "./scene-parts.js";
import { color } from "./shape-kit.js";
import { shelfTags } from "./shelf-tags.js";
import { swatch } from "./swatches.js";

export interface SceneData {
  layout: Layout;
  catalog: Catalog;
  instances: InstanceSet;
}

/** A mesh and what it is in the segmentation image (null: background). */
export interface SceneItem {
  mesh: Mesh;
  segColor: string | null;
  /**
   * Drawn in one pass only: `colour` for what segmentation and depth must not see (glass, the shell's
   * finish), `ids` for the plain floor segmentation and depth were always measured against (the
   * colour pass draws tiles or planks there instead; their many triangles would move the depth ties
   * where things stand on the floor).
   */
  only?: "colour" | "ids";
}

/** Where a placed instance lives in its product's instanced mesh. */
export interface InstanceSlot {
  mesh: InstancedMesh;
  index: number;
  matrix: Matrix4;
}

export interface BuiltScene {
  scene: Scene;
  items: SceneItem[];
  textures: LabelAtlas[];
  /** Instance id → its slot, to take an item off its place (picked up) and put it back. */
  slots: Map<string, InstanceSlot>;
  /** Product id → one unit's geometry and segmentation colour, to show an item in the shopper's hand. */
  units: Map<string, { geometry: BufferGeometry; segColor: string; material: MeshBasicMaterial }>;
  /** The floor and the display platforms' tops: where shadows fall (`FloorShadows`). */
  ground: Ground[];
}

const FLOOR = "#c9c4b9";
const HALL_FLOOR = "#c7ae8a";
const WALL = "#ece8df";
const CEILING = "#e2e2de";
const SKIRTING = { h: 0.1, colour: "#77736b" } as const;

/** The box round a polygon on the floor, as a footprint. */
function boxFootprint(points: readonly (readonly [number, number])[]): Footprint {
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  return { x: (x0 + x1) / 2, z: (z0 + z1) / 2, width: x1 - x0, depth: z1 - z0, yaw: 0 };
}

/** What stands on the bare floor: fixtures and display areas (their platforms). */
function groundedFootprints(layout: Layout): Footprint[] {
  return layout.navTargets.flatMap((t): Footprint[] => {
    if (t.type === "fixture")
      return [{ x: t.location[0], z: t.location[1], width: t.size.width, depth: t.size.depth, yaw: t.yaw }];
    return t.type === "area" ? [boxFootprint(t.footprint)] : [];
  });
}

/** The names of the goods on each fixture or in each area: a product's neighbours in any view of it. */
function neighbourhoods(data: SceneData): string[][] {
  const names = new Map(data.catalog.products.map((p) => [p.id, p.name]));
  const groups = new Map<string, Set<string>>();
  for (const inst of data.instances.instances) {
    const where = inst.on.type === "level" ? inst.on.fixture : inst.on.area;
    const group = groups.get(where) ?? new Set();
    group.add(names.get(inst.product) ?? inst.product);
    groups.set(where, group);
  }
  return [...groups.values()].map((g) => [...g]);
}

/**
 * Builds the 3D store from its data: floor, walls, ceiling; fixtures with shelves, glass and signs
 * (supermarket); walled stores with storefront signs and display areas with their signs and plinths
 * (furniture hall); and every placed product, one instanced mesh per product, with its label
 * legible on the front. Light is baked into vertex colours (see `shade`), so no scene lights are
 * needed. Runs in the browser: the headless renderer and the web app share it.
 */
export function buildScene(data: SceneData): BuiltScene {
  const signs = new LabelAtlas(2048, 256);
  // Packages and furniture tags; shelf-edge tags (wide cells); furniture product cards. Each pool
  // opens its first atlas only when a label needs one.
  const packages = new AtlasPool(() => new LabelAtlas(4096, 256));
  const shelfTagAtlases = new AtlasPool(() => new LabelAtlas(4096, 512, 128));
  const cardAtlases = new AtlasPool(() => new LabelAtlas(4096, 256));
  // Floor, walls, fixtures and signs are built with the signs' atlas kit. What shows no label is drawn
  // without the atlas: a texture fetch per pixel is a third of a colour frame on a CPU rasteriser.
  const kit = signs.kit;
  const lit = signs.material;
  const plain = new MeshBasicMaterial({ vertexColors: true });
  const heroOf = heroWords(
    data.catalog.products.map((p) => p.name),
    neighbourhoods(data),
  );
  const glassMat = new MeshBasicMaterial({
    color: 0xcfe6f5,
    transparent: true,
    opacity: 0.18,
    depthWrite: false,
  });
  const scene = new Scene();
  const items: SceneItem[] = [];
  const add = (mesh: Mesh, segColor: string | null, only?: SceneItem["only"]) => {
    scene.add(mesh);
    items.push({ mesh, segColor, ...(only ? { only } : {}) });
  };
  const parts: SceneParts = { signs, kit, lit, plain, add };

  const ground = addShell(parts, data.layout);
  const { width, depth } = data.layout.floor;
  for (const target of data.layout.navTargets) {
    if (target.type === "fixture") addFixture(parts, target, glassMat);
    else if (target.type === "store") addStore(parts, target, { width, depth });
    else ground.push(addArea(parts, target, data.layout.waypoints));
  }
  const { slots, units } = addProducts(parts, data, packages, heroOf);
  const products = new Map(data.catalog.products.map((p) => [p.id, p]));
  addShelfTags(parts, data, products, shelfTagAtlases, heroOf);
  addProductCards(parts, data, products, cardAtlases, heroOf);

  const textures = [signs, ...packages.atlases, ...shelfTagAtlases.atlases, ...cardAtlases.atlases];
  for (const t of textures) t.texture.needsUpdate = true;
  glassMat.side = DoubleSide;
  return { scene, items, textures, slots, units, ground };
}

/**
 * The store's shell: floor, ceiling and walls, with their finish (light panels, skirting, contact
 * shadows). Returns the floor, the first place shadows fall.
 */
function addShell(parts: SceneParts, layout: Layout): Ground[] {
  const { kit, plain, add } = parts;
  const { width, depth, ceiling } = layout.floor;
  const ground: Ground[] = [{ x0: 0, z0: 0, x1: width, z1: depth, y: 0 }];
  // A hall of shops (stores among its targets) has a wooden floor; a supermarket, vinyl tiles.
  const hall = layout.navTargets.some((t) => t.type === "store");
  const floorColour = hall ? HALL_FLOOR : FLOOR;
  add(
    placed(floorGeometry(width, depth, floorColour, hall ? "planks" : "tiles"), 0, 0, 0, plain),
    null,
    "colour",
  );
  // A slab under the boards, so where their edges meet (planks are staggered) no pixel falls through.
  const slab = kit.box(width, 0.02, depth, width / 2, -0.013, depth / 2, color(floorColour), true);
  add(placed(slab, 0, 0, 0, plain), null, "colour");
  const floor = kit.box(width, 0.02, depth, width / 2, -0.01, depth / 2, color(floorColour), true);
  add(placed(floor, 0, 0, 0, plain), null, "ids");
  const ceil = kit.box(width, 0.02, depth, width / 2, ceiling + 0.01, depth / 2, color(CEILING), true);
  add(placed(ceil, 0, 0, 0, plain), null);
  // The shell's finish (light panels, skirting, contact shadows) is drawn in the colour pass only:
  // segmentation and depth stay exactly what the floor, walls and ceiling give.
  add(placed(ceilingPanels(width, depth, ceiling), 0, 0, 0, plain), null, "colour");
  addWalls(parts, layout.walls);
  add(placed(contactShadows(groundedFootprints(layout), floorColour), 0, 0, 0, plain), null, "colour");
  const plinthShadows = layout.navTargets.flatMap((t) =>
    t.type === "area" ? t.plinths.map((p) => boxFootprint(p.footprint)) : [],
  );
  if (plinthShadows.length)
    add(
      placed(contactShadows(plinthShadows, AREA_FLOOR, AREA_FLOOR_HEIGHT + 0.004), 0, 0, 0, plain),
      null,
      "colour",
    );
  return ground;
}

/** The walls, merged in one mesh, and their skirting (colour pass only) in another. */
function addWalls({ kit, plain, add }: SceneParts, layoutWalls: Layout["walls"]): void {
  const walls = layoutWalls.map((w) => {
    const len = Math.hypot(w.to[0] - w.from[0], w.to[1] - w.from[1]);
    const angle = Math.atan2(-(w.to[1] - w.from[1]), w.to[0] - w.from[0]);
    const at = (geo: BufferGeometry) =>
      geo.rotateY(angle).translate((w.from[0] + w.to[0]) / 2, 0, (w.from[1] + w.to[1]) / 2);
    return {
      wall: at(kit.box(len, w.height, w.thickness, 0, w.height / 2, 0, color(WALL))),
      skirting: at(
        kit.box(len, SKIRTING.h, w.thickness + 0.02, 0, SKIRTING.h / 2, 0, color(SKIRTING.colour)),
      ),
    };
  });
  if (walls.length) {
    add(placed(kit.merge(walls.map((w) => w.wall)), 0, 0, 0, plain), null);
    add(placed(kit.merge(walls.map((w) => w.skirting)), 0, 0, 0, plain), null, "colour");
  }
}

/** A supermarket fixture: its body, its sign boards (with the atlas) and its glass (colour pass only). */
function addFixture({ signs, kit, lit, plain, add }: SceneParts, f: Fixture, glassMat: MeshBasicMaterial) {
  const sign = signs.addLabel(
    { top: "", main: f.name, background: "#1f3b57", accent: "#1f3b57" },
    fixtureSignAspect(f),
  );
  const wood = f.kind === "produce_stand" ? swatch(signs, "wood") : undefined;
  const { solid, signs: boards, glass } = fixtureGeometry(kit, f, sign, wood);
  add(placed(solid, f.location[0], f.location[1], f.yaw, plain), f.segColor);
  add(placed(boards, f.location[0], f.location[1], f.yaw, lit), f.segColor);
  if (glass) add(placed(glass, f.location[0], f.location[1], f.yaw, glassMat), null, "colour");
}

/** Shelf-edge tags, in each fixture's frame: they segment as the fixture they hang on. */
function addShelfTags(
  { add }: SceneParts,
  data: SceneData,
  products: Map<string, Product>,
  atlases: AtlasPool,
  heroOf: (name: string) => string,
): void {
  const fixtures = data.layout.navTargets.filter((t): t is Fixture => t.type === "fixture");
  const all = data.instances.instances;
  const waypoints = new Map(data.layout.waypoints.map((w) => [w.id, [w.x, w.z] as [number, number]]));
  const standAt = (f: Fixture, side: "front" | "back") => {
    const id = f.approaches[side];
    return id ? waypoints.get(id) : undefined;
  };
  for (const { id, geometry, atlas } of shelfTags(atlases, fixtures, all, products, heroOf, standAt)) {
    const f = fixtures.find((x) => x.id === id)!;
    add(placed(geometry, f.location[0], f.location[1], f.yaw, atlas.material), f.segColor);
  }
}

/** Furniture product cards, in world coordinates: they segment as the area that shows them. */
function addProductCards(
  { add }: SceneParts,
  data: SceneData,
  products: Map<string, Product>,
  atlases: AtlasPool,
  heroOf: (name: string) => string,
): void {
  const areaColour = new Map(data.layout.navTargets.map((t) => [t.id, t.segColor]));
  const plinths = new Map(
    data.layout.navTargets.flatMap((t) =>
      t.type === "area" ? t.plinths.map((p) => [`${t.id}|${p.id}`, p] as const) : [],
    ),
  );
  // Where a shopper stands to look over each display area: its cards turn towards it.
  const areaPoints = new Map(
    data.layout.navTargets.flatMap((t) => {
      const wp = t.type === "area" && data.layout.waypoints.find((w) => w.id === t.approaches.area_point);
      return wp ? [[t.id, [wp.x, wp.z] as [number, number]] as const] : [];
    }),
  );
  const all = data.instances.instances;
  const cards = productCards(atlases, all, products, heroOf, plinths, (area) => areaPoints.get(area));
  for (const { id, geometry, atlas } of cards)
    add(placed(geometry, 0, 0, 0, atlas.material), areaColour.get(id) ?? null);
}
