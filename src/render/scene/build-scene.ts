import {
  type BufferGeometry,
  DoubleSide,
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Scene,
} from "three";
import type { Catalog } from "../../core/catalog.js";
import type { InstanceSet } from "../../core/instances.js";
import type { Layout } from "../../core/layout.js";
import type { Product } from "../../core/product.js";
import type { DisplayArea, Fixture, Store } from "../../core/spatial.js";
import { fixtureGeometry, fixtureSignAspect } from "./fixture-geometry.js";
import type { Ground } from "./floor-shadows.js";
import { heroWords, nameWithout } from "./hero-word.js";
import { ceilingPanels, contactShadows, type Footprint, floorGeometry } from "./interior.js";
import { AtlasPool, LabelAtlas, type LabelText } from "./label-atlas.js";
import {
  furnitureGeometry,
  furnitureTag,
  groceryGeometry,
  groceryLabelAspect,
  groceryTopAspect,
} from "./product-geometry.js";
import { productCards, shelfTags } from "./product-tags.js";
import { color } from "./shape-kit.js";
import { finishesOf, SWATCH_CELLS, swatch } from "./swatches.js";

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

const DEG = Math.PI / 180;
const FLOOR = "#c9c4b9";
const HALL_FLOOR = "#c7ae8a";
const WALL = "#ece8df";
const CEILING = "#e2e2de";
const SKIRTING = { h: 0.1, colour: "#77736b" } as const;
const AREA_FLOOR = "#d9cfbd";
const AREA_FLOOR_HEIGHT = 0.012;
const STORE_WALL_HEIGHT = 3.2;

function placed(geo: BufferGeometry, x: number, z: number, yaw: number, material: MeshBasicMaterial): Mesh {
  const mesh = new Mesh(geo, material);
  mesh.position.set(x, 0, z);
  mesh.rotation.y = yaw * DEG;
  mesh.matrixAutoUpdate = false;
  mesh.updateMatrix();
  return mesh;
}

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

  const { width, depth, ceiling } = data.layout.floor;
  const ground: Ground[] = [{ x0: 0, z0: 0, x1: width, z1: depth, y: 0 }];
  // A hall of shops (stores among its targets) has a wooden floor; a supermarket, vinyl tiles.
  const hall = data.layout.navTargets.some((t) => t.type === "store");
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
  const walls = data.layout.walls.map((w) => {
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
  add(placed(contactShadows(groundedFootprints(data.layout), floorColour), 0, 0, 0, plain), null, "colour");
  const plinthShadows = data.layout.navTargets.flatMap((t) =>
    t.type === "area" ? t.plinths.map((p) => boxFootprint(p.footprint)) : [],
  );
  if (plinthShadows.length)
    add(
      placed(contactShadows(plinthShadows, AREA_FLOOR, AREA_FLOOR_HEIGHT + 0.004), 0, 0, 0, plain),
      null,
      "colour",
    );

  for (const target of data.layout.navTargets) {
    if (target.type === "fixture") addFixture(target);
    else if (target.type === "store") addStore(target);
    else addArea(target);
  }

  function addFixture(f: Fixture) {
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

  function addStore(s: Store) {
    const xs = s.footprint.map((p) => p[0]);
    const zs = s.footprint.map((p) => p[1]);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    const onHall = (v: number, max: number) => v === 0 || v === max;
    const skinColor = color("#f3eee4");
    const parts: BufferGeometry[] = [];
    // Interior skins on each wall (and the storefront's outside face) carry the store's colour, so its
    // whole image region is the store; the doorway stays open.
    const door = s.doorway;
    const doorMin = Math.min(door.from[0], door.to[0]);
    const doorMax = Math.max(door.from[0], door.to[0]);
    const frontZ = door.from[1];
    const skin = 0.02;
    for (const z of [z0, z1]) {
      const inset = (onHall(z, depth) ? 0.1 : 0.075) + skin / 2 + 0.005;
      const zz = z === z0 ? z + inset : z - inset;
      if (z === frontZ) {
        for (const [a, b] of [
          [x0, doorMin],
          [doorMax, x1],
        ] as const) {
          parts.push(
            kit.box(b - a, STORE_WALL_HEIGHT, skin, (a + b) / 2, STORE_WALL_HEIGHT / 2, zz, skinColor),
          );
          const outside = z === z0 ? z - 0.075 - skin / 2 - 0.005 : z + 0.075 + skin / 2 + 0.005;
          parts.push(
            kit.box(b - a, STORE_WALL_HEIGHT, skin, (a + b) / 2, STORE_WALL_HEIGHT / 2, outside, skinColor),
          );
        }
        parts.push(
          kit.box(
            doorMax - doorMin,
            STORE_WALL_HEIGHT - 2.4,
            0.17,
            (doorMin + doorMax) / 2,
            2.4 + (STORE_WALL_HEIGHT - 2.4) / 2,
            z,
            skinColor,
          ),
        );
      } else {
        parts.push(
          kit.box(x1 - x0, STORE_WALL_HEIGHT, skin, (x0 + x1) / 2, STORE_WALL_HEIGHT / 2, zz, skinColor),
        );
      }
    }
    for (const x of [x0, x1]) {
      const inset = (onHall(x, width) ? 0.1 : 0.075) + skin / 2 + 0.005;
      const xx = x === x0 ? x + inset : x - inset;
      parts.push(
        kit.box(skin, STORE_WALL_HEIGHT, z1 - z0, xx, STORE_WALL_HEIGHT / 2, (z0 + z1) / 2, skinColor),
      );
    }
    add(placed(kit.merge(parts), 0, 0, 0, plain), s.segColor);
    // The storefront sign, above the doorway on the outside, and a smaller one inside.
    const label = signs.addLabel(
      { top: "", main: s.name, background: "#2b2b2b", accent: "#2b2b2b" },
      3.6 / 0.6,
    );
    const out = s.yaw;
    const outward = out === 0 ? -1 : 1;
    const cx = (doorMin + doorMax) / 2;
    const boards = [
      kit
        .labelledBox(3.6, 0.6, 0.04, color("#ffffff"), label)
        .rotateY(out * DEG)
        .translate(cx, 2.55, frontZ + outward * 0.12),
      kit
        .labelledBox(2.4, 0.4, 0.04, color("#ffffff"), label)
        .rotateY((out + 180) * DEG)
        .translate(cx, 2.5, frontZ - outward * 0.12),
    ];
    add(placed(kit.merge(boards), 0, 0, 0, lit), s.segColor);
  }

  function addArea(a: DisplayArea) {
    const xs = a.footprint.map((p) => p[0]);
    const zs = a.footprint.map((p) => p[1]);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    const parts: BufferGeometry[] = [
      kit.box(
        x1 - x0,
        AREA_FLOOR_HEIGHT,
        z1 - z0,
        (x0 + x1) / 2,
        AREA_FLOOR_HEIGHT / 2,
        (z0 + z1) / 2,
        color(AREA_FLOOR),
      ),
    ];
    for (const p of a.plinths) {
      const px = p.footprint.map((q) => q[0]);
      const pz = p.footprint.map((q) => q[1]);
      const [a0, a1, b0, b1] = [Math.min(...px), Math.max(...px), Math.min(...pz), Math.max(...pz)];
      parts.push(
        kit.box(a1 - a0, p.height, b1 - b0, (a0 + a1) / 2, p.height / 2, (b0 + b1) / 2, color("#f4f1ec")),
      );
    }
    add(placed(kit.merge(parts), 0, 0, 0, plain), a.segColor);
    ground.push({ x0, z0, x1, z1, y: AREA_FLOOR_HEIGHT });
    // A standing sign at the corner of the open edge, readable from the walkway and from inside.
    const label = signs.addLabel(
      { top: "", main: a.name, background: "#46603f", accent: "#46603f" },
      1.2 / 0.36,
    );
    const point = data.layout.waypoints.find((w) => w.id === a.approaches.area_point);
    const openNorth = point ? Math.abs(point.z - z0) < Math.abs(point.z - z1) : true;
    const edgeZ = openNorth ? z0 + 0.15 : z1 - 0.15;
    const sx = x0 + 0.5;
    const faceOut = openNorth ? 0 : 180;
    const sign = [
      kit.box(0.04, 1.4, 0.04, sx, 0.7, edgeZ, color("#3a3a3a")),
      kit
        .labelledBox(1.2, 0.36, 0.03, color("#ffffff"), label)
        .rotateY(faceOut * DEG)
        .translate(sx, 1.4, edgeZ + (openNorth ? -0.016 : 0.016)),
      kit
        .labelledBox(1.2, 0.36, 0.03, color("#ffffff"), label)
        .rotateY((faceOut + 180) * DEG)
        .translate(sx, 1.4, edgeZ + (openNorth ? 0.016 : -0.016)),
    ];
    add(placed(kit.merge(sign), 0, 0, 0, lit), a.segColor);
  }

  const slots = new Map<string, InstanceSlot>();
  const units: BuiltScene["units"] = new Map();
  const byProduct = new Map<string, { id: string; x: number; y: number; z: number; yaw: number }[]>();
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
    let geo: BufferGeometry;
    let atlas: LabelAtlas;
    if (p.kind === "grocery") {
      const topAspect = groceryTopAspect(p);
      atlas = packages.withRoom(topAspect ? 2 : 1);
      const text = productLabelText(p, heroOf);
      const front = atlas.addLabel(text, groceryLabelAspect(p));
      const top = topAspect ? atlas.addLabel(text, topAspect) : undefined;
      geo = groceryGeometry(atlas.kit, p, front, top);
    } else {
      const tag = furnitureTag(p);
      // Room for the tag and, in a fresh atlas, every finish's swatch.
      atlas = packages.withRoom(1 + SWATCH_CELLS);
      const text: LabelText = { ...productLabelText(p, heroOf), background: "#ffffff", accent: "#f2c230" };
      const label = atlas.addLabel({ ...text, style: "card" }, tag.w / tag.h);
      const { body, frame } = finishesOf(p.shape.form, p.attributes.material);
      geo = furnitureGeometry(atlas.kit, p, label, {
        ...(body ? { body: swatch(atlas, body) } : {}),
        ...(frame ? { frame: swatch(atlas, frame) } : {}),
        cloth: swatch(atlas, "fabric"),
      });
    }
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

  const products = new Map(data.catalog.products.map((p) => [p.id, p]));
  const fixtures = data.layout.navTargets.filter((t): t is Fixture => t.type === "fixture");
  const all = data.instances.instances;
  for (const { id, geometry, atlas } of shelfTags(shelfTagAtlases, fixtures, all, products, heroOf)) {
    const f = fixtures.find((x) => x.id === id)!;
    add(placed(geometry, f.location[0], f.location[1], f.yaw, atlas.material), f.segColor);
  }
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
  const cards = productCards(cardAtlases, all, products, heroOf, plinths, (area) => areaPoints.get(area));
  for (const { id, geometry, atlas } of cards)
    add(placed(geometry, 0, 0, 0, atlas.material), areaColour.get(id) ?? null);

  const textures = [signs, ...packages.atlases, ...shelfTagAtlases.atlases, ...cardAtlases.atlases];
  for (const t of textures) t.texture.needsUpdate = true;
  glassMat.side = DoubleSide;
  return { scene, items, textures, slots, units, ground };
}
