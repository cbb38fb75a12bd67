import {
  Box3,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  Frustum,
  GLSL3,
  InstancedMesh,
  type Material,
  Matrix4,
  Mesh,
  NearestFilter,
  PerspectiveCamera,
  RGIntegerFormat,
  ShaderMaterial,
  SRGBColorSpace,
  UnsignedIntType,
  Vector3,
  WebGLRenderer,
  WebGLRenderTarget,
} from "three";
import { CAMERA, type CameraPose, type PassTimings, type SceneState } from "../camera.js";
import type { BuiltScene } from "./build-scene.js";
import { FloorShadows } from "./floor-shadows.js";

const DEG = Math.PI / 180;

// The id pass writes one unsigned-integer target of two channels: segmentation, the exact 24-bit
// colour as a number (bypassing three's colour management: no tone mapping, no sRGB conversion), and
// depth, the linear distance along the optical axis in millimetres (at least 1 for a hit), 0 where
// nothing was drawn. Integers need no conversion to bytes per pixel: on SwiftShader this pass takes
// half the time it did as two RGBA8 targets written as bytes. Read back, each becomes the same words
// as before (`pixels`: segmentation, then depth, a value per pixel, low byte first).
const ID_VERTEX = `varying float vDepth;
void main() {
#include <begin_vertex>
#include <project_vertex>
  vDepth = -mvPosition.z;
}`;
const ID_FRAGMENT = `uniform uint uSeg;
varying float vDepth;
layout(location = 0) out highp uvec2 gId;
void main() {
  float mm = clamp(floor(vDepth * 1000.0 + 0.5), 1.0, 16777215.0);
  gId = uvec2(uSeg, uint(mm));
}`;

/** A segmentation colour (`#rrggbb`, null: background) as the number the id pass writes. */
function segValue(hex: string | null): number {
  return hex ? Number.parseInt(hex.slice(1), 16) : 0;
}

function idMaterial(hex: string | null): ShaderMaterial {
  return new ShaderMaterial({
    glslVersion: GLSL3,
    vertexShader: ID_VERTEX,
    fragmentShader: ID_FRAGMENT,
    uniforms: { uSeg: { value: segValue(hex) } },
  });
}

/** Meshes with more triangles than this are culled piece by piece (the floor's tiles or planks). */
const CULL_MIN_TRIANGLES = 1000;
/** Triangles per piece of such a mesh (8 tiles or planks of a row). */
const CULL_RUN = 16;
/** How far outside the view a piece must lie to be dropped: no rounding can bring it back in. */
const CULL_MARGIN = 0.01;

/** A run of a geometry's triangles (its indices `start` to `start + count`) and the box round them. */
interface Piece {
  start: number;
  count: number;
  box: Box3;
}

/**
 * A mesh whose index buffer is, each pose, its original indices less the pieces wholly outside the
 * view, in their original order: what the rasteriser draws is the same triangles in the same order
 * (a triangle outside the frustum gives no pixel), so the images are the same bytes, but SwiftShader
 * transforms and clips only what can be seen. Three culls whole objects only, and the floor is one
 * object of 3,000–20,000 triangles, most of them behind the camera; a product's facings are one
 * instanced draw, of which SwiftShader transforms every instance.
 */
class CulledMesh {
  private readonly indices: Uint32Array;
  private readonly pieces: Piece[];
  private readonly index: BufferAttribute;

  constructor(
    readonly mesh: Mesh,
    /** The geometry drawn (for an instanced mesh, its instances unrolled). */
    readonly geometry: BufferGeometry,
    pieceTriangles: number,
  ) {
    this.indices = Uint32Array.from(geometry.index!.array);
    this.index = new BufferAttribute(new Uint32Array(this.indices), 1);
    geometry.setIndex(this.index);
    this.pieces = [];
    mesh.updateMatrixWorld();
    for (let start = 0; start < this.indices.length; start += pieceTriangles * 3) {
      const count = Math.min(pieceTriangles * 3, this.indices.length - start);
      this.pieces.push({ start, count, box: new Box3() });
    }
    this.measure(0, this.pieces.length);
  }

  /** Recomputes the boxes of pieces `from` to `to` (world space) after their vertices moved. */
  measure(from: number, to: number): void {
    const pos = this.geometry.attributes.position as BufferAttribute;
    const inst = this.geometry.attributes.instanceMatrix as BufferAttribute | undefined;
    const p = new Vector3();
    const m = new Matrix4();
    for (const piece of this.pieces.slice(from, to)) {
      piece.box.makeEmpty();
      for (let i = piece.start; i < piece.start + piece.count; i++) {
        const v = this.indices[i]!;
        p.fromBufferAttribute(pos, v);
        if (inst) p.applyMatrix4(m.fromArray(inst.array, v * 16));
        piece.box.expandByPoint(p);
      }
      piece.box.applyMatrix4(this.mesh.matrixWorld).expandByScalar(CULL_MARGIN);
    }
  }

  /**
   * Moves instance `k` of an unrolled instanced mesh (one piece per instance) to where its instanced
   * mesh now has it.
   */
  moveInstance(k: number): void {
    const vertices = this.geometry.attributes.position!.count / this.pieces.length;
    setUnrolledMatrix(
      this.geometry,
      vertices,
      k,
      (this.mesh as InstancedMesh).instanceMatrix.array as Float32Array,
    );
    this.measure(k, k + 1);
  }

  /** Keeps the pieces in view, in order, at the start of the index buffer, and draws only those. */
  cull(frustum: Frustum): void {
    const out = this.index.array as Uint32Array;
    let n = 0;
    for (const piece of this.pieces) {
      if (!frustum.intersectsBox(piece.box)) continue;
      out.set(this.indices.subarray(piece.start, piece.start + piece.count), n);
      n += piece.count;
    }
    this.geometry.setDrawRange(0, n);
    this.index.clearUpdateRanges();
    this.index.addUpdateRange(0, n);
    this.index.needsUpdate = true;
  }
}

/**
 * A product's instanced mesh as one geometry: every instance's vertices in turn, each carrying its
 * instance's matrix as a per-vertex `instanceMatrix`, drawn as a single instance. Three's instancing
 * shader computes exactly what it did (the same matrix times the same position), and the draw has
 * the same triangles in the same order (instance by instance), so the bytes drawn are the same; but
 * its instances can now be culled one by one.
 */
function unrolled(mesh: InstancedMesh): BufferGeometry {
  const geo = mesh.geometry;
  const n = mesh.count;
  const vertices = geo.attributes.position!.count;
  const out = new BufferGeometry();
  for (const [name, attr] of Object.entries(geo.attributes)) {
    const a = attr as BufferAttribute;
    const src = a.array as Float32Array;
    const arr = new (src.constructor as Float32ArrayConstructor)(src.length * n);
    for (let k = 0; k < n; k++) arr.set(src, k * src.length);
    out.setAttribute(name, new BufferAttribute(arr, a.itemSize, a.normalized));
  }
  const matrices = new Float32Array(vertices * n * 16);
  out.setAttribute("instanceMatrix", new BufferAttribute(matrices, 16));
  for (let k = 0; k < n; k++) setUnrolledMatrix(out, vertices, k, mesh.instanceMatrix.array as Float32Array);
  const idx = geo.index?.array;
  const indices = new Uint32Array((idx?.length ?? vertices) * n);
  for (let k = 0, o = 0; k < n; k++)
    for (let j = 0; j < (idx?.length ?? vertices); j++) indices[o++] = (idx ? idx[j]! : j) + k * vertices;
  out.setIndex(new BufferAttribute(indices, 1));
  return out;
}

/** Writes instance `k`'s matrix (from an instanced mesh's matrices) onto its vertices in an unrolled geometry. */
function setUnrolledMatrix(geo: BufferGeometry, vertices: number, k: number, from: Float32Array): void {
  const attr = geo.attributes.instanceMatrix as BufferAttribute;
  const matrices = attr.array as Float32Array;
  const m = from.subarray(k * 16, k * 16 + 16);
  for (let j = 0; j < vertices; j++) matrices.set(m, (k * vertices + j) * 16);
  attr.addUpdateRange(k * vertices * 16, vertices * 16);
  attr.needsUpdate = true;
}

/**
 * The render passes of an observation, into offscreen targets read back (rows bottom-up, as GL
 * returns them) into one buffer: colour as RGBA bytes, then segmentation, then depth, four bytes a
 * pixel each. Two passes: colour, and one that writes segmentation and depth together. No MSAA and no point lights: on a
 * CPU rasteriser they cost two to three times the frame.
 */
export class ObservationPasses {
  readonly camera: PerspectiveCamera;
  /** Colour (RGBA), segmentation and depth (a little-endian word a pixel each), one after the other. */
  readonly pixels: Uint8Array<ArrayBuffer>;
  private readonly renderer: WebGLRenderer;
  private readonly colourTarget: WebGLRenderTarget;
  private readonly idTarget: WebGLRenderTarget;
  /** The id target as read back: segmentation and depth (then 0 and 1 if read as RGBA) per pixel. */
  private readonly idPixels: Uint32Array;
  private readonly lit: Material[];
  private readonly ids: Material[];
  private readonly background = new Color(0x20242a);
  private readonly hidden = new Set<string>();
  private readonly held: Mesh;
  private readonly heldIds: ShaderMaterial;
  private heldProduct: string | null = null;
  private readonly shadows: FloorShadows | undefined;
  /** The meshes culled piece by piece; the instanced ones also by their mesh. */
  private readonly culled: CulledMesh[] = [];
  private readonly unrolledOf = new Map<InstancedMesh, CulledMesh>();
  private readonly frustum = new Frustum();

  constructor(
    private readonly built: BuiltScene,
    readonly width: number,
    readonly height: number,
    /** Multisampling of the colour image (0: none); segmentation and depth are never multisampled. */
    colourSamples = 0,
    /** Real-time shadows on the floor and the display platforms (the `high` quality). */
    shadows = false,
  ) {
    const canvas = document.createElement("canvas");
    this.renderer = new WebGLRenderer({ canvas, antialias: false, powerPreference: "high-performance" });
    this.renderer.setPixelRatio(1);
    this.renderer.setSize(width, height, false);
    this.camera = new PerspectiveCamera(CAMERA.verticalFovDeg, width / height, CAMERA.near, CAMERA.far);
    this.camera.rotation.order = "YXZ";
    this.colourTarget = new WebGLRenderTarget(width, height, {
      samples: colourSamples,
      colorSpace: SRGBColorSpace,
    });
    this.idTarget = new WebGLRenderTarget(width, height, {
      format: RGIntegerFormat,
      type: UnsignedIntType,
      internalFormat: "RG32UI",
      minFilter: NearestFilter,
      magFilter: NearestFilter,
      samples: 0,
    });
    this.pixels = new Uint8Array(width * height * 4 * 3);
    this.idPixels = new Uint32Array(width * height * 4);
    // The item in the shopper's hand: one mesh whose geometry is swapped in when something is held.
    this.heldIds = idMaterial(null);
    this.held = new Mesh(new BoxGeometry(0.01, 0.01, 0.01), built.textures[0]!.material);
    this.held.visible = false;
    built.scene.add(this.held);
    built.items.push({ mesh: this.held, segColor: null });
    this.shadows = shadows ? new FloorShadows(built, this.renderer) : undefined;
    this.lit = built.items.map((item) => item.mesh.material as Material);
    // The shadow map is drawn from the light, seeing the whole store: culled to the camera's view, the
    // things outside it would cast no shadow. Culling is for the CPU rasteriser; shadows are for a GPU.
    if (!this.shadows)
      for (const item of built.items) if (item.mesh !== this.held) this.cullPieces(item.mesh);
    const cache = new Map<string, ShaderMaterial>();
    this.ids = built.items.map((item) => {
      if (item.mesh === this.held) return this.heldIds;
      const key = item.segColor ?? "#000000";
      let m = cache.get(key);
      if (!m) {
        m = idMaterial(item.segColor);
        cache.set(key, m);
      }
      return m;
    });
  }

  /** Draws a product's instances, or a large mesh's triangles, only where they can be seen. */
  private cullPieces(mesh: Mesh): void {
    if (mesh instanceof InstancedMesh) {
      const geo = unrolled(mesh);
      const culled = new CulledMesh(mesh, geo, geo.index!.count / 3 / mesh.count);
      // One instance, its matrices on its vertices (the object's own bounds still cull it whole).
      mesh.geometry = geo;
      mesh.count = 1;
      this.unrolledOf.set(mesh, culled);
      this.culled.push(culled);
      return;
    }
    const geo = mesh.geometry;
    const triangles = (geo.index?.count ?? geo.attributes.position!.count) / 3;
    if (triangles < CULL_MIN_TRIANGLES) return;
    if (!geo.index) geo.setIndex([...Array(triangles * 3).keys()]);
    this.culled.push(new CulledMesh(mesh, geo, CULL_RUN));
  }

  /** A short description of the GL implementation, e.g. "Google SwiftShader". */
  rendererInfo(): string {
    const gl = this.renderer.getContext();
    const ext = gl.getExtension("WEBGL_debug_renderer_info");
    return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  }

  setPose(pose: CameraPose): void {
    this.camera.position.set(pose.x, CAMERA.eyeHeight, pose.z);
    this.camera.rotation.set(pose.pitch * DEG, pose.yaw * DEG, 0);
    this.camera.updateMatrixWorld();
    this.frustum.setFromProjectionMatrix(
      new Matrix4().multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse),
    );
    for (const c of this.culled) c.cull(this.frustum);
    if (this.heldProduct) {
      // Held at arm's length, a little below the eyes, label towards the shopper.
      const at = this.camera.localToWorld(new Vector3(0, -0.14, -0.55));
      const box = this.held.geometry.boundingBox!;
      this.held.position.set(at.x, at.y - (box.max.y - box.min.y) / 2, at.z);
      this.held.rotation.set(0, pose.yaw * DEG + Math.PI, 0);
      this.held.updateMatrix();
      this.held.updateMatrixWorld();
    }
  }

  /** Takes items off their places (picked up) or puts them back, and shows what the shopper holds. */
  setState(state: SceneState): void {
    const hide = new Set(state.hidden);
    const zero = new Matrix4().makeScale(0, 0, 0);
    for (const id of new Set([...this.hidden, ...hide])) {
      const slot = this.built.slots.get(id);
      if (!slot || this.hidden.has(id) === hide.has(id)) continue;
      slot.mesh.setMatrixAt(slot.index, hide.has(id) ? zero : slot.matrix);
      slot.mesh.instanceMatrix.needsUpdate = true;
      this.unrolledOf.get(slot.mesh)?.moveInstance(slot.index);
      if (hide.has(id)) this.hidden.add(id);
      else this.hidden.delete(id);
      this.shadows?.invalidate();
    }
    if (state.held !== this.heldProduct) {
      const unit = state.held ? this.built.units.get(state.held) : undefined;
      this.heldProduct = unit ? state.held : null;
      this.held.visible = !!unit;
      if (unit) {
        this.held.geometry = unit.geometry;
        // Products may draw from different atlases; the colour pass restores the held mesh's from here.
        this.lit[this.built.items.findIndex((item) => item.mesh === this.held)] = unit.material;
        unit.geometry.computeBoundingBox();
        this.heldIds.uniforms.uSeg!.value = segValue(unit.segColor);
      }
    }
  }

  /** Draws the colour or id pass into its target (null: the canvas, for a live view). */
  private draw(
    colour: boolean,
    target: WebGLRenderTarget | null = colour ? this.colourTarget : this.idTarget,
  ): void {
    const { items, scene } = this.built;
    items.forEach((item, i) => {
      item.mesh.visible =
        item.only !== (colour ? "ids" : "colour") && (item.mesh !== this.held || this.heldProduct !== null);
      item.mesh.material = colour ? this.lit[i]! : this.ids[i]!;
    });
    this.renderer.setRenderTarget(target);
    this.renderer.setClearColor(colour ? this.background : new Color(0, 0, 0), colour ? 1 : 0);
    this.renderer.clear();
    this.renderer.render(scene, this.camera);
  }

  /** The canvas the renderer draws on: a live view puts it in its page. */
  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  /**
   * Draws the colour image of a pose onto the canvas, nothing read back: the participant's live view
   * in the web app, the same scene and camera as the observation's colour pass.
   */
  present(pose: CameraPose): void {
    this.setPose(pose);
    this.draw(true, null);
  }

  /** Renders colour, segmentation and depth for a pose into `pixels`. */
  render(pose: CameraPose): Pick<PassTimings, "rgbMs" | "idsMs"> {
    const rgbMs = this.renderColour(pose);
    return { rgbMs, idsMs: this.renderIds() };
  }

  /**
   * The colour pass alone, for a pose, read back into the start of `pixels`; returns its time (ms).
   * With `renderIds` after it, the same as `render`: a caller can start sending the colour image
   * on its way before the id pass.
   */
  renderColour(pose: CameraPose): number {
    this.setPose(pose);
    const size = this.width * this.height * 4;
    const t0 = performance.now();
    this.draw(true);
    this.renderer.readRenderTargetPixels(
      this.colourTarget,
      0,
      0,
      this.width,
      this.height,
      this.pixels.subarray(0, size),
    );
    this.finish();
    return performance.now() - t0;
  }

  /** Segmentation and depth from the pose of the last `renderColour`, into `pixels`; returns its time (ms). */
  renderIds(): number {
    const { width: w, height: h } = this;
    const size = w * h * 4;
    const t0 = performance.now();
    this.draw(false);
    this.renderer.setRenderTarget(this.idTarget);
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    // An unsigned-integer target reads as RGBA_INTEGER everywhere, and as RG_INTEGER (half the bytes)
    // where the implementation says so (SwiftShader does); the pairs are then split into the
    // segmentation and depth words.
    const pairs = gl.getParameter(gl.IMPLEMENTATION_COLOR_READ_FORMAT) === gl.RG_INTEGER;
    const stride = pairs ? 2 : 4;
    const ids = this.idPixels.subarray(0, w * h * stride);
    gl.readPixels(0, 0, w, h, pairs ? gl.RG_INTEGER : gl.RGBA_INTEGER, gl.UNSIGNED_INT, ids);
    const words = new Uint32Array(this.pixels.buffer, size, 2 * w * h);
    for (let i = 0, n = w * h; i < n; i++) {
      words[i] = ids[stride * i]!;
      words[n + i] = ids[stride * i + 1]!;
    }
    this.finish();
    return performance.now() - t0;
  }

  /** Leaves the scene as a plain render of it would show it (the web app draws the same scene). */
  private finish(): void {
    this.built.items.forEach((item, i) => {
      item.mesh.material = this.lit[i]!;
      item.mesh.visible = item.only !== "ids" && (item.mesh !== this.held || this.heldProduct !== null);
    });
    this.renderer.setRenderTarget(null);
  }
}
