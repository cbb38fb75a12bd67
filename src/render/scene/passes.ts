import {
  BoxGeometry,
  Color,
  GLSL3,
  type Material,
  Matrix4,
  Mesh,
  NearestFilter,
  PerspectiveCamera,
  ShaderMaterial,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  WebGLRenderTarget,
} from "three";
import { CAMERA, type CameraPose, type PassTimings, type SceneState } from "../camera.js";
import type { BuiltScene } from "./build-scene.js";

const DEG = Math.PI / 180;

// The id pass writes two targets at once (WebGL2 multiple render targets): segmentation, the exact
// 24-bit colour, bypassing three's colour management (no tone mapping, no sRGB conversion); and
// depth, the linear distance along the optical axis in millimetres (at least 1 for a hit). Both are
// written low byte first with alpha 0, so each pixel read back is, as a little-endian 32-bit word,
// the value itself, and 0 where nothing was drawn: no per-pixel unpacking on the way out.
const ID_VERTEX = `varying float vDepth;
void main() {
#include <begin_vertex>
#include <project_vertex>
  vDepth = -mvPosition.z;
}`;
const ID_FRAGMENT = `uniform vec3 uColor;
varying float vDepth;
layout(location = 0) out highp vec4 gSeg;
layout(location = 1) out highp vec4 gDepth;
void main() {
  gSeg = vec4(uColor.b, uColor.g, uColor.r, 0.0);
  float mm = clamp(floor(vDepth * 1000.0 + 0.5), 1.0, 16777215.0);
  float hi = floor(mm / 65536.0);
  float mid = floor((mm - hi * 65536.0) / 256.0);
  float lo = mm - hi * 65536.0 - mid * 256.0;
  gDepth = vec4(lo, mid, hi, 0.0) / 255.0;
}`;

function idMaterial(hex: string | null): ShaderMaterial {
  const v = hex ? Number.parseInt(hex.slice(1), 16) : 0;
  return new ShaderMaterial({
    glslVersion: GLSL3,
    vertexShader: ID_VERTEX,
    fragmentShader: ID_FRAGMENT,
    uniforms: {
      uColor: { value: new Vector3(((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255) },
    },
  });
}

/**
 * The render passes of an observation, into offscreen targets read back as RGBA bytes (rows
 * bottom-up, as GL returns them) into one buffer: colour, then segmentation, then depth. Two passes:
 * colour, and one that writes segmentation and depth together. No MSAA and no point lights: on a
 * CPU rasteriser they cost two to three times the frame.
 */
export class ObservationPasses {
  readonly camera: PerspectiveCamera;
  /** Colour, segmentation and depth, RGBA each, one after the other. */
  readonly pixels: Uint8Array<ArrayBuffer>;
  private readonly renderer: WebGLRenderer;
  private readonly colourTarget: WebGLRenderTarget;
  private readonly idTarget: WebGLRenderTarget;
  private readonly lit: Material[];
  private readonly ids: Material[];
  private readonly background = new Color(0x20242a);
  private readonly hidden = new Set<string>();
  private readonly held: Mesh;
  private readonly heldIds: ShaderMaterial;
  private heldProduct: string | null = null;

  constructor(
    private readonly built: BuiltScene,
    readonly width: number,
    readonly height: number,
    /** Multisampling of the colour image (0: none); segmentation and depth are never multisampled. */
    colourSamples = 0,
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
      count: 2,
      minFilter: NearestFilter,
      magFilter: NearestFilter,
      samples: 0,
    });
    this.pixels = new Uint8Array(width * height * 4 * 3);
    // The item in the shopper's hand: one mesh whose geometry is swapped in when something is held.
    this.heldIds = idMaterial(null);
    this.held = new Mesh(new BoxGeometry(0.01, 0.01, 0.01), built.textures[0]!.material);
    this.held.visible = false;
    built.scene.add(this.held);
    built.items.push({ mesh: this.held, segColor: null });
    this.lit = built.items.map((item) => item.mesh.material as Material);
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
      if (hide.has(id)) this.hidden.add(id);
      else this.hidden.delete(id);
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
        const v = Number.parseInt(unit.segColor.slice(1), 16);
        (this.heldIds.uniforms.uColor!.value as Vector3).set(
          ((v >> 16) & 255) / 255,
          ((v >> 8) & 255) / 255,
          (v & 255) / 255,
        );
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
    for (const [target, from] of [
      [0, size],
      [1, 2 * size],
    ] as const)
      this.renderer.readRenderTargetPixels(
        this.idTarget,
        0,
        0,
        w,
        h,
        this.pixels.subarray(from, from + size),
        undefined,
        target,
      );
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
