import type { EpisodeReplay, MapGeometry } from "../api-types.js";
import { assetUrl } from "./api.js";
import "./minimap.css";

type Turn = EpisodeReplay["trajectory"]["turns"][number];
type Pose = Turn["pose"];
type FloorPoint = readonly [number, number];

/** The unit vector a yaw (degrees) faces on the floor plan: `forwardOf` of src/core/geometry.ts. */
const forward = (yaw: number): [number, number] => [
  -Math.sin((yaw * Math.PI) / 180),
  -Math.cos((yaw * Math.PI) / 180),
];

/**
 * Each turn's walk as floor points: the server's route along the navigation mesh where the episode
 * view has one, else the straight step from the turn's pose to where its action left the shopper.
 */
function legsOf(turns: Turn[], route: EpisodeReplay["route"]): FloorPoint[][] {
  return turns.map((t, i) => {
    const walked = route?.[i];
    return walked && walked.length >= 2
      ? walked
      : [
          [t.pose.x, t.pose.z],
          [t.state.pose.x, t.state.pose.z],
        ];
  });
}

const pointsAttr = (pts: readonly (readonly [number, number])[]) =>
  pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

/**
 * The store's map (the minimap without the shopper, as the server draws it) with the shopper's path
 * so far, walked along the navigation mesh around shelves (the episode view's `route`): where each
 * turn began, the start marked, this turn's view point as an arrow in the facing direction, and the
 * way this turn's action took the shopper, dashed.
 */
export function Minimap({
  map,
  turns,
  index,
  route,
}: {
  map: MapGeometry;
  turns: Turn[];
  index: number;
  /** The episode view's walks per turn (`EpisodeReplay.route`); straight steps without it. */
  route?: EpisodeReplay["route"];
}) {
  const px = ([x, z]: FloorPoint) => [map.margin + x * map.scale, map.margin + z * map.scale] as const;
  const at = (p: Pose) => px([p.x, p.z]);
  const legs = legsOf(turns, route);
  // Legs join end to start; a leg's first point is repeated only where the last one ended elsewhere.
  const walked = legs.slice(0, index).flatMap((leg, i) => {
    const end = legs[i - 1]?.at(-1);
    const joined = end !== undefined && end[0] === leg[0]![0] && end[1] === leg[0]![1];
    return (joined ? leg.slice(1) : leg).map(px);
  });
  const stops = turns.slice(0, index + 1).map((t) => at(t.pose));
  const turn = turns[index]!;
  const [cx, cy] = at(turn.pose);
  const [nx, ny] = at(turn.state.pose);
  const [fx, fy] = forward(turn.pose.yaw);
  const tip = [cx + fx * 18, cy + fy * 18];
  const left = [cx - fy * 8, cy + fx * 8];
  const right = [cx + fy * 8, cy - fx * 8];
  const moved = Math.hypot(nx - cx, ny - cy) > 1;
  const start = stops[0]!;
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
      <div class="map-scroll">
        <svg
          viewBox={`0 0 ${map.width} ${map.height}`}
          role="img"
          aria-label={`store map with the shopper's path over turns 1 to ${index + 1}`}
        >
          <image href={assetUrl(map.url)} x={0} y={0} width={map.width} height={map.height} />
          {walked.length > 1 && (
            <polyline
              class="walked"
              points={pointsAttr(walked)}
              fill="none"
              stroke="#2457c5"
              stroke-width={3}
              stroke-linejoin="round"
              stroke-opacity={0.85}
            />
          )}
          {stops.slice(0, -1).map(([x, y], i) => (
            <circle key={i} cx={x} cy={y} r={3.5} fill="#2457c5" stroke="#fff" stroke-width={1} />
          ))}
          <circle cx={start[0]} cy={start[1]} r={6} fill="#fff" stroke="#2457c5" stroke-width={2.5} />
          {moved && (
            <polyline
              class="next"
              points={pointsAttr(legs[index]!.map(px))}
              fill="none"
              stroke="#e0262b"
              stroke-width={2.5}
              stroke-dasharray="5 4"
              stroke-linejoin="round"
            />
          )}
          <polygon
            points={`${tip.join(",")} ${left.join(",")} ${right.join(",")}`}
            fill="#e0262b"
            stroke="#fff"
            stroke-width={1.5}
          />
          <circle cx={cx} cy={cy} r={5} fill="#e0262b" stroke="#fff" stroke-width={1.5} />
        </svg>
      </div>
    </figure>
  );
}
