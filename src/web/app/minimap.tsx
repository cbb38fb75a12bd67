import type { EpisodeReplay, MapGeometry } from "../api-types.js";

type Turn = EpisodeReplay["trajectory"]["turns"][number];
type Pose = Turn["pose"];

/** The unit vector a yaw (degrees) faces on the floor plan: `forwardOf` of src/core/geometry.ts. */
const forward = (yaw: number): [number, number] => [
  -Math.sin((yaw * Math.PI) / 180),
  -Math.cos((yaw * Math.PI) / 180),
];

/**
 * The store's map (the minimap without the shopper, as the server draws it) with the shopper's path
 * so far: where each turn began, joined in order, the start marked, this turn's view point as an
 * arrow in the facing direction, and where this turn's action took the shopper, dashed.
 */
export function Minimap({ map, turns, index }: { map: MapGeometry; turns: Turn[]; index: number }) {
  const at = (p: Pose) => [map.margin + p.x * map.scale, map.margin + p.z * map.scale] as const;
  const pts = turns.slice(0, index + 1).map((t) => at(t.pose));
  const turn = turns[index]!;
  const [cx, cy] = at(turn.pose);
  const [nx, ny] = at(turn.state.pose);
  const [fx, fy] = forward(turn.pose.yaw);
  const tip = [cx + fx * 18, cy + fy * 18];
  const left = [cx - fy * 8, cy + fx * 8];
  const right = [cx + fy * 8, cy - fx * 8];
  const moved = Math.hypot(nx - cx, ny - cy) > 1;
  const start = pts[0]!;
  return (
    <figure class="minimap">
      <figcaption>
        Store map: the path so far{" "}
        <span class="sub">
          <span class="key path" /> turns 1–{index + 1} <span class="key here" /> view point of turn{" "}
          {index + 1}{" "}
          {moved && (
            <>
              <span class="key next" /> this turn's move
            </>
          )}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-label={`store map with the shopper's path over turns 1 to ${index + 1}`}
      >
        <image href={map.url} x={0} y={0} width={map.width} height={map.height} />
        <polyline
          points={pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}
          fill="none"
          stroke="#2457c5"
          stroke-width={3}
          stroke-linejoin="round"
          stroke-opacity={0.85}
        />
        {pts.slice(0, -1).map(([x, y], i) => (
          <circle key={i} cx={x} cy={y} r={3.5} fill="#2457c5" stroke="#fff" stroke-width={1} />
        ))}
        <circle cx={start[0]} cy={start[1]} r={6} fill="#fff" stroke="#2457c5" stroke-width={2.5} />
        {moved && (
          <line x1={cx} y1={cy} x2={nx} y2={ny} stroke="#e0262b" stroke-width={2.5} stroke-dasharray="5 4" />
        )}
        <polygon
          points={`${tip.join(",")} ${left.join(",")} ${right.join(",")}`}
          fill="#e0262b"
          stroke="#fff"
          stroke-width={1.5}
        />
        <circle cx={cx} cy={cy} r={5} fill="#e0262b" stroke="#fff" stroke-width={1.5} />
      </svg>
    </figure>
  );
}
