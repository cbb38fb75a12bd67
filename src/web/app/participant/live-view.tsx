import { useEffect, useRef, useState } from "preact/hooks";
import type { ParticipantTurn } from "../../../study/participant-api.js";
import { message } from "../api.js";

/** Which labels the chosen action may name (none: the labels are shown, not clickable). */
export interface Picking {
  handles: Set<string>;
  chosen: string | undefined;
  pick: (handle: string) => void;
}

const PALETTE = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324"];

/**
 * The shopper's first-person view, drawn in this browser from the shopper's pose by the store's own
 * scene builder, with the shopper's Set-of-Mark labels over it (numbers for products, letters for
 * places): outlines and boxes as the server found them in the same frame, labels as buttons.
 */
export function LiveView({
  env,
  turn,
  picking,
}: {
  env: string;
  turn: ParticipantTurn;
  picking: Picking | null;
}) {
  const { host, ready, error } = useLiveScene(env, turn);
  const { width, height } = turn.frame;
  const colour = markColours(turn);
  const pct = (x: number, of: number) => `${(100 * x) / of}%`;
  const label = (handle: string, x: number, y: number, kind: "product" | "place", name: string) => (
    <SomLabel
      key={`${kind}-${handle}`}
      handle={handle}
      kind={kind}
      name={name}
      left={pct(x, width)}
      top={pct(y, height)}
      background={colour.get(handle)}
      picking={picking}
    />
  );

  return (
    <div class="live-view" ref={host}>
      {!ready && !error && <div class="live-status">Building the store in your browser…</div>}
      {error && <div class="live-status error">The view could not be drawn: {error}</div>}
      <SomOverlay turn={turn} colour={colour} />
      {turn.view.targets.map((t) => label(t.handle, t.box.x0 + 2, t.box.y0 + 2, "place", t.name))}
      {turn.view.marks
        .filter((m) => m.anchor)
        .map((m) =>
          label(
            m.handle,
            m.anchor![0],
            m.anchor![1],
            "product",
            turn.view.products.find((p) => p.handle === m.handle)?.name ?? m.handle,
          ),
        )}
    </div>
  );
}

/**
 * Builds the store's scene for this turn and draws the shopper's pose into the returned host (the
 * scene is built once per store and frame size, then redrawn per turn).
 */
function useLiveScene(env: string, turn: ParticipantTurn) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string>();
  const { width, height } = turn.frame;

  useEffect(() => {
    let live = true;
    // three.js and the scene builder load with the first live view, not with the viewer's pages.
    import("./live-scene.js")
      .then(({ liveScene }) => liveScene(env, width, height))
      .then(
        (scene) => {
          if (!live || !host.current) return;
          scene.canvas.classList.add("live-canvas");
          if (scene.canvas.parentElement !== host.current) host.current.prepend(scene.canvas);
          const t0 = performance.now();
          scene.setState(turn.scene);
          scene.present(turn.shared.pose);
          setReady(true);
          // What drawing a turn costs in this browser, until the frame after it is composited (read
          // by the benchmark; GL draws asynchronously), and which turn is on screen.
          const shown = host.current;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              performance.measure("siturec-live-draw", { start: t0 });
              shown.dataset.drawn = String(turn.turn);
            }),
          );
        },
        (err: unknown) => live && setError(message(err)),
      );
    return () => {
      live = false;
    };
  }, [env, width, height, turn]);
  return { host, ready, error };
}

/** Each product mark's colour, in the order the marks come, for its outline and its label. */
function markColours(turn: ParticipantTurn): Map<string, string> {
  const colour = new Map<string, string>();
  for (const m of turn.view.marks)
    if (!colour.has(m.handle)) colour.set(m.handle, PALETTE[colour.size % PALETTE.length]!);
  return colour;
}

/** The targets' boxes and the products' outlines, in the frame's pixels, stretched over the view. */
function SomOverlay({ turn, colour }: { turn: ParticipantTurn; colour: Map<string, string> }) {
  const { width, height } = turn.frame;
  return (
    <svg class="som-overlay" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      {turn.view.targets.map((t) => (
        <rect
          key={`box-${t.handle}`}
          class="target-box"
          x={t.box.x0}
          y={t.box.y0}
          width={t.box.x1 - t.box.x0}
          height={t.box.y1 - t.box.y0}
        />
      ))}
      {turn.view.marks.flatMap((m) =>
        m.rings.map((ring, k) => (
          <polygon
            key={`ring-${m.handle}-${k}`}
            class="product-ring"
            points={ring.map(([x, y]) => `${x},${y}`).join(" ")}
            stroke={colour.get(m.handle)}
          />
        )),
      )}
    </svg>
  );
}

/** A label as a button: it picks its handle when the chosen action may name it. */
function SomLabel({
  handle,
  kind,
  name,
  left,
  top,
  background,
  picking,
}: {
  handle: string;
  kind: "product" | "place";
  name: string;
  left: string;
  top: string;
  background: string | undefined;
  picking: Picking | null;
}) {
  const can = picking?.handles.has(handle) === true;
  return (
    <button
      type="button"
      data-handle={handle}
      class={`som-label ${kind}${can ? " can" : ""}${picking?.chosen === handle ? " chosen" : ""}`}
      style={{ left, top, ...(kind === "product" ? { background } : {}) }}
      disabled={!can}
      title={name}
      aria-label={`${kind} ${handle}: ${name}`}
      onClick={() => picking?.pick(handle)}
    >
      {handle}
    </button>
  );
}
